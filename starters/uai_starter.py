#!/usr/bin/env python3
"""UAI-1 starter: Python 3, standard library only (urllib.request, json).

    python3 uai_starter.py http://localhost:4321/v1

Steps: fetch the catalog, take the first packet (the `message` of the published
uai.intent.request.v1 example), validate it (POST /validate), run the accepted-task mock
exchange (POST /mock-exchange), print a short summary. Exits 1 when any step fails
(network or HTTP error, invalid message, simulated status other than 202), 2 on usage.
"""
import json
import sys
import urllib.error
import urllib.request


class StarterError(Exception):
    """A failed step; main() prints it and exits 1."""


def call(method, url, body=None):
    """Send one request and return the parsed JSON answer; any HTTP error status fails."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    headers = {"Accept": "application/json"}
    if data is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        # Errors are RFC 9457 problem documents: show their detail.
        raise StarterError(f"{method} {url}: HTTP {error.code} {error.read().decode('utf-8', 'replace')}") from error
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise StarterError(f"{method} {url}: {error}") from error


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


def main(argv):
    if len(argv) != 2:
        print("usage: python3 uai_starter.py <base_url>   (for example http://localhost:4321/v1)", file=sys.stderr)
        return 2
    try:
        run(argv[1].rstrip("/"))
    except (StarterError, KeyError, TypeError) as error:
        print(f"FAIL: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
