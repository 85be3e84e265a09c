#!/usr/bin/env python3
"""UAI-1 starter: Python 3, standard library only (urllib.request, json, hashlib).

    python3 uai_starter.py http://localhost:4321/v1                          (the service)
    python3 uai_starter.py client http://localhost:4321/v1/reference-server  (a UAI-1 endpoint)

With a base URL: fetch the catalog, take the first packet (the `message` of the published
uai.intent.request.v1 example), validate it (POST /validate), run the accepted-task mock
exchange (POST /mock-exchange), print a short summary.

With `client <endpoint>`: a UAI-1 client of an endpoint such as the reference server. It reads
the capability statement (GET of the endpoint), sends one fresh sealed uai.intent.request.v1
addressed to the statement's source (keyless when the endpoint only speaks keyless), waits out
a 429 or 503 as its Retry-After says, polls an accepted task once a second until it ends, and
reports a typed error without sending the message again. UAI_SCENARIO (set by `uai
test-client`) picks async delivery (`async`) or a follow-up turn (`follow-up`).

Exits 1 when any step fails (network or HTTP error, invalid message, simulated status other
than 202, a typed error), 2 on usage.
"""
import hashlib
import json
import os
import secrets
import sys
import time
import urllib.error
import urllib.parse
import urllib.request


class StarterError(Exception):
    """A failed step; main() prints it and exits 1."""


def call(method, url, body=None):
    """Send one request and return the parsed JSON answer; any HTTP error status fails."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    status, _, answer = exchange(method, url, data)
    if status >= 400:
        # Errors are RFC 9457 problem documents: show them as they are.
        raise StarterError(f"{method} {url}: HTTP {status} {json.dumps(answer)}")
    if answer is None:
        raise StarterError(f"{method} {url}: the answer is not JSON")
    return answer

def run(base):
    # 1. The catalog lists every route of the service.
    catalog = call("GET", f"{base}/catalog")
    print(f"catalog: {len(catalog['routes'])} routes")

    # 2. The first packet: the published example of uai.intent.request.v1.
    message = call("GET", f"{base}/examples/uai.intent.request.v1")["message"]

    # 3. Validate it. An invalid message is still HTTP 200, with valid false and its errors.
    result = call("POST", f"{base}/validate", {"message": message})
    if not result["valid"]:
        issues = "; ".join(f"{i['path'] or '(root)'} {i['code']}: {i['message']}" for i in result["errors"])
        raise StarterError(f"the first packet is not valid: {issues}")
    print(f"validate: valid, level {result['conformance_level']}")

    # 4. Mock exchange: the reference server accepts the task and answers 202.
    exchange = call("POST", f"{base}/mock-exchange",
                    {"scenario": "accepted-task", "format": "exchange", "message": message})
    if exchange["http_status"] != 202:
        raise StarterError(f"the mock exchange answered {exchange['http_status']}, expected 202")
    reply = exchange["response_message"]["message_id"]
    print(f"mock exchange: simulated status {exchange['http_status']}, response {reply}")
    print("OK: the first packet validates and the accepted-task exchange works.")


# ---- The client of a UAI-1 endpoint -------------------------------------------------------


def instant(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def seal(message):
    """integrity.checksum: sha256 over the RFC 8785 (JCS) form of the message without integrity.

    json.dumps with sorted keys and no whitespace is JCS for what this client builds (ASCII
    member names, strings, integers and booleans)."""
    rest = {k: v for k, v in message.items() if k != "integrity"}
    canonical = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    checksum = "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    return {**rest, "integrity": {"version": 2, "algorithm": "sha256", "canonicalization": "jcs", "checksum": checksum}}


def request(target, mode, after=None):
    """A fresh request; after an answer, a follow-up in its conversation (its parent, the next sequence)."""
    now = time.time()
    trace = (after or {}).get("provenance", {}).get("trace_id") or secrets.token_hex(16)
    conversation = {
        "conversation_id": after["conversation"]["conversation_id"] if after else f"conv-starter-{secrets.token_hex(8)}",
        "turn_id": f"turn-{secrets.token_hex(4)}",
    }
    if after:
        conversation["parent_message_id"] = after["message_id"]
    conversation["traceparent"] = f"00-{trace}-{secrets.token_hex(8)}-01"
    conversation["sequence"] = after["conversation"]["sequence"] + 1 if after else 1
    return seal({
        "uai_version": "1.0",
        "profile": "uai.intent.request.v1",
        "message_id": f"msg-starter-{secrets.token_hex(8)}",
        "source": {"type": "agent", "id": "uai-starter-py", "label": "UAI-1 Python starter",
                   "role": "requesting-agent", "implementation": "uai_starter.py"},
        "target": {"type": target["type"], "id": target["id"]},
        "conversation": conversation,
        "delivery": {"mode": mode, "priority": "interactive", "expires_at": instant(now + 3600),
                     "reply_requested": True, "ack_required": False},
        "trust": {"channel": "public", "auth_scheme": "none"},
        "body": {
            "intent": "resolve-profile",
            "subject": "uai.task.status.v1",
            "requested_profile": "uai.task.status.v1",
            "parameters": {"include_schema": False, "include_example": False, "include_field_registry": False},
            "constraints": ["public-record-only", "trace-linked"],
            "response_profile": "uai.intent.response.v1",
        },
        "provenance": {"trace_id": trace, "issued_at": instant(now), "agent_id": "uai-starter-py"},
        "integrity": {},
    })


def keyless(m):
    """The keyless form of the request above: positions from the field registry's order maps."""
    s, t, c, d, r, b, p, i = (m[k] for k in ("source", "target", "conversation", "delivery", "trust", "body",
                                             "provenance", "integrity"))
    params = b["parameters"]
    return [
        m["uai_version"], m["profile"], m["message_id"],
        [s["type"], s["id"], s["label"], None, None, s["role"], s["implementation"]],
        [t["type"], t["id"]],
        [c["conversation_id"], c["turn_id"], c.get("parent_message_id"), c["traceparent"], c["sequence"]],
        [d["mode"], d["priority"], d["expires_at"], d["reply_requested"], d["ack_required"]],
        [r["channel"], r["auth_scheme"]],
        [b["intent"], b["subject"], b["requested_profile"],
         [params["include_schema"], params["include_example"], params["include_field_registry"]],
         b["constraints"], b["response_profile"]],
        [p["trace_id"], None, p["issued_at"], None, p["agent_id"]],
        [i["version"], i["algorithm"], i["canonicalization"], i["checksum"]],
    ]


def exchange(method, url, data=None):
    """One HTTP request: (status, headers, parsed JSON or None); an HTTP error status is an answer too."""
    headers = {"Accept": "application/json"}
    if data is not None:
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            status, head, text = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, head, text = error.code, error.headers, error.read()
    except (urllib.error.URLError, OSError) as error:
        raise StarterError(f"{method} {url}: {error}") from error
    try:
        return status, head, json.loads(text)
    except ValueError:
        return status, head, None


def send(endpoint, message, as_keyless):
    """POST one message; a 429 or 503 is waited out (Retry-After, in seconds) and the same message sent again."""
    data = json.dumps(keyless(message) if as_keyless else message).encode("utf-8")
    for attempt in range(1, 5):
        status, head, answer = exchange("POST", endpoint, data)
        if status in (429, 503) and attempt < 4:
            try:
                wait = min(int(head.get("Retry-After", "1")), 60)
            except ValueError:
                wait = 1
            print(f"answer: {status}, retrying after {wait} s")
            time.sleep(wait)
            continue
        if isinstance(answer, list):
            # A keyless answer: the envelope's first positions are uai_version, profile, message_id.
            answer = {"profile": answer[1], "message_id": answer[2]}
        answer = answer if isinstance(answer, dict) else {}
        print(f"answer: {status} {answer.get('profile') or answer.get('code') or 'not a message'} {answer.get('message_id', '')}")
        return status, answer
    raise StarterError("unreachable")


def client(endpoint):
    scenario = os.environ.get("UAI_SCENARIO", "")
    status, _, statement = exchange("GET", endpoint)
    if status != 200 or not isinstance(statement, dict):
        raise StarterError(f"GET {endpoint}: HTTP {status}")
    endpoints = statement.get("body", {}).get("endpoints", [])
    here = [e.get("binding") for e in endpoints if e.get("url") == endpoint]
    as_keyless = "https-json-keyed" not in here and "https-json-keyless" in here
    poll_base = next((e["url"] for e in endpoints if e.get("binding") == "https-async-callback"), None)

    target = statement["source"]
    status, answer = send(endpoint, request(target, "async" if scenario == "async" else "sync"), as_keyless)
    if scenario == "follow-up" and status == 200 and answer.get("profile") != "uai.error.v1":
        status, answer = send(endpoint, request(target, "sync", answer), as_keyless)
    if answer.get("profile") == "uai.error.v1" or status >= 400:
        body = answer.get("body", {})
        raise StarterError(f"typed error {body.get('code') or answer.get('code') or status}: "
                           f"{body.get('message') or answer.get('detail', '')}")
    ref = answer.get("delivery", {}).get("task_ref")
    if status == 202 and isinstance(ref, str) and poll_base:
        for _ in range(30):
            _, _, task = exchange("GET", poll_base + urllib.parse.quote(ref, safe=""))
            state = (task or {}).get("body", {}).get("state")
            print(f"task: {state}")
            if state in ("completed", "failed", "canceled"):
                if state != "completed":
                    raise StarterError(f"the task ended {state}")
                break
            time.sleep(1)
    print(f"OK: {scenario or 'request'} done")


def main(argv):
    as_client = len(argv) > 1 and argv[1] == "client"
    if len(argv) != (3 if as_client else 2):
        print("usage: python3 uai_starter.py <base_url>   (for example http://localhost:4321/v1)", file=sys.stderr)
        print("       python3 uai_starter.py client <endpoint_url>", file=sys.stderr)
        return 2
    try:
        if as_client:
            client(argv[2])
        else:
            run(argv[1].rstrip("/"))
    except (StarterError, KeyError, TypeError) as error:
        print(f"FAIL: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
