#!/bin/sh
# UAI-1 starter: POSIX sh + curl. No jq: only curl, sed, tr, grep, head, od and sha256sum.
#
#   sh uai-starter.sh http://localhost:4321/v1                          (the service)
#   sh uai-starter.sh client http://localhost:4321/v1/reference-server  (a UAI-1 endpoint)
#
# With a base URL: 1. GET <base>/catalog and count its routes;
#        2. GET <base>/examples/uai.intent.request.v1 and take its `message` (the first packet);
#        3. POST <base>/validate {"message": ...}             -> needs "valid": true;
#        4. POST <base>/mock-exchange {"scenario": "accepted-task", "format": "exchange",
#           "message": ...}                                      -> needs "http_status": 202.
# Exits non-zero when any step fails (curl error or HTTP error, invalid message, other status).
#
# With `client <endpoint>`: a UAI-1 client of an endpoint such as the reference server. It reads
# the capability statement (GET of the endpoint), sends one fresh sealed uai.intent.request.v1
# addressed to the statement's source, waits out a 429 or 503 as its Retry-After says, polls an
# accepted task once a second until it ends, and reports a typed error without sending the
# message again. UAI_SCENARIO (set by `uai test-client`) picks async delivery (`async`) or a
# follow-up turn (`follow-up`). It speaks the keyed binding only: reading a keyless answer
# (positions, not names) needs a JSON parser, so an endpoint that speaks only keyless is refused.
#
# How JSON is handled without a JSON tool: records are published as two-space indented JSON
# (one member per line), so the example's `message` member is the block of lines from
# `  "message": {` to the next line that is exactly `  }` or `  },`. Responses are checked
# with grep/sed on single members. A real client should use a JSON parser instead.
set -eu

if [ "$#" -ne 1 ] && ! { [ "$#" -eq 2 ] && [ "$1" = client ]; }; then
  echo "usage: sh uai-starter.sh <base_url>   (for example http://localhost:4321/v1)" >&2
  echo "       sh uai-starter.sh client <endpoint_url>" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# ---- The client of a UAI-1 endpoint ---------------------------------------------------------
# Answers are read with grep/sed on single members of compact JSON; a real client parses JSON.

hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }
sha256() { if command -v sha256sum > /dev/null; then sha256sum | cut -d' ' -f1; else shasum -a 256 | cut -d' ' -f1; fi; }
in_an_hour() { date -u -d '+1 hour' +%Y-%m-%dT%H:%M:%SZ 2> /dev/null || date -u -v+1H +%Y-%m-%dT%H:%M:%SZ; }
# member NAME FILE: the first string (or number) value of member NAME in a compact JSON file.
member() { grep -o "\"$1\": *\"\{0,1\}[^\",}]*" "$2" | head -n 1 | sed 's/^[^:]*: *"\{0,1\}//'; }
# text NAME FILE: the first string value of member NAME, whole (commas and braces included).
text() { grep -o "\"$1\": *\"[^\"]*\"" "$2" | head -n 1 | sed 's/^[^:]*: *"//;s/"$//'; }

# request MODE [CONVERSATION PARENT SEQUENCE]: a sealed request in $tmp/request.json. The message
# is written in RFC 8785 (JCS) form, members sorted and no whitespace, so its checksum is the
# sha256 of exactly those bytes; the integrity member is then added (member order does not matter).
request() {
  now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  trace=${trace:-$(hex 16)}
  if [ -n "${2:-}" ]; then
    conversation="{\"conversation_id\":\"$2\",\"parent_message_id\":\"$3\",\"sequence\":$4,\"traceparent\":\"00-$trace-$(hex 8)-01\",\"turn_id\":\"turn-$(hex 4)\"}"
  else
    conversation="{\"conversation_id\":\"conv-starter-$(hex 8)\",\"sequence\":1,\"traceparent\":\"00-$trace-$(hex 8)-01\",\"turn_id\":\"turn-$(hex 4)\"}"
  fi
  canonical="{\"body\":{\"constraints\":[\"public-record-only\",\"trace-linked\"],\"intent\":\"resolve-profile\",\"parameters\":{\"include_example\":false,\"include_field_registry\":false,\"include_schema\":false},\"requested_profile\":\"uai.task.status.v1\",\"response_profile\":\"uai.intent.response.v1\",\"subject\":\"uai.task.status.v1\"},\"conversation\":$conversation,\"delivery\":{\"ack_required\":false,\"expires_at\":\"$(in_an_hour)\",\"mode\":\"$1\",\"priority\":\"interactive\",\"reply_requested\":true},\"message_id\":\"msg-starter-$(hex 8)\",\"profile\":\"uai.intent.request.v1\",\"provenance\":{\"agent_id\":\"uai-starter-sh\",\"issued_at\":\"$now\",\"trace_id\":\"$trace\"},\"source\":{\"id\":\"uai-starter-sh\",\"implementation\":\"uai-starter.sh\",\"label\":\"UAI-1 shell starter\",\"role\":\"requesting-agent\",\"type\":\"agent\"},\"target\":{\"id\":\"$target_id\",\"type\":\"$target_type\"},\"trust\":{\"auth_scheme\":\"none\",\"channel\":\"public\"},\"uai_version\":\"1.0\"}"
  checksum=$(printf '%s' "$canonical" | sha256)
  printf '%s,"integrity":{"version":2,"algorithm":"sha256","canonicalization":"jcs","checksum":"sha256:%s"}}' \
    "${canonical%\}}" "$checksum" > "$tmp/request.json"
}

# send: POST $tmp/request.json; a 429 or 503 is waited out (Retry-After, in seconds) and the
# same message sent again. Leaves the answer in $tmp/answer.json and its status in $status.
send() {
  attempt=1
  while :; do
    status=$(curl -sS -o "$tmp/answer.json" -D "$tmp/headers.txt" -w '%{http_code}' \
      -H 'Content-Type: application/json' -H 'Accept: application/json' \
      --data-binary "@$tmp/request.json" "$endpoint") || fail "POST $endpoint"
    if { [ "$status" = 429 ] || [ "$status" = 503 ]; } && [ "$attempt" -lt 4 ]; then
      wait=$(grep -i '^retry-after:' "$tmp/headers.txt" | tr -dc '0-9')
      wait=${wait:-1}
      [ "$wait" -le 60 ] || wait=60
      echo "answer: $status, retrying after $wait s"
      sleep "$wait"
      attempt=$((attempt + 1))
      continue
    fi
    echo "answer: $status $(member profile "$tmp/answer.json") $(member message_id "$tmp/answer.json")"
    return 0
  done
}

client() {
  endpoint=$1
  scenario=${UAI_SCENARIO:-}
  code=$(curl -sS -o "$tmp/statement.json" -w '%{http_code}' -H 'Accept: application/json' "$endpoint") ||
    fail "GET $endpoint"
  [ "$code" = 200 ] || fail "GET $endpoint: HTTP $code"
  tr -d '\n' < "$tmp/statement.json" > "$tmp/statement.min.json"
  # The source object: its strings read whole, so a brace inside one does not end it.
  grep -oE '"source": *\{([^{}"]|"([^"\\]|\\.)*")*\}' "$tmp/statement.min.json" | head -n 1 > "$tmp/source.json"
  target_type=$(text type "$tmp/source.json")
  target_id=$(text id "$tmp/source.json")
  [ -n "$target_id" ] || fail "the capability statement names no source"
  # An escape in the source's id or type (\" or \u...) would need a JSON parser to copy it.
  case "$target_id$target_type" in *\\*) fail "the statement's source id has escaped characters, which this starter (no JSON parser) cannot copy" ;; esac
  # The statement's endpoints, one flat object a line, members in any order.
  grep -o '{[^{}]*"binding": *"[^"]*"[^{}]*}' "$tmp/statement.min.json" | sed 's/" *: *"/":"/g' > "$tmp/endpoints.txt"
  grep '"binding":"https-json-keyed"' "$tmp/endpoints.txt" | grep -qF "\"url\":\"$endpoint\"" ||
    fail "$endpoint does not speak the keyed binding (https-json-keyed); this starter sends keyed messages only"
  poll_base=$(grep '"binding":"https-async-callback"' "$tmp/endpoints.txt" | head -n 1 | sed 's/.*"url":"\([^"]*\)".*/\1/')

  mode=sync
  [ "$scenario" = async ] && mode=async
  request "$mode"
  send
  if [ "$scenario" = follow-up ] && [ "$status" = 200 ] && [ "$(member profile "$tmp/answer.json")" != uai.error.v1 ]; then
    sequence=$(member sequence "$tmp/answer.json")
    request sync "$(member conversation_id "$tmp/answer.json")" "$(member message_id "$tmp/answer.json")" $((sequence + 1))
    send
  fi
  if [ "$(member profile "$tmp/answer.json")" = uai.error.v1 ] || [ "$status" -ge 400 ]; then
    fail "typed error $(member code "$tmp/answer.json"): $(member message "$tmp/answer.json")"
  fi
  ref=$(member task_ref "$tmp/answer.json")
  if [ "$status" = 202 ] && [ -n "$ref" ] && [ -n "$poll_base" ]; then
    # The reference server's task references are URL-safe; anything else would need percent-encoding.
    case $ref in *[!A-Za-z0-9._~-]*) fail "task_ref $ref needs percent-encoding, which this starter does not do" ;; esac
    poll=1
    while [ "$poll" -le 30 ]; do
      curl -sS -o "$tmp/task.json" -H 'Accept: application/json' "$poll_base$ref" || fail "GET $poll_base$ref"
      state=$(member state "$tmp/task.json")
      echo "task: $state"
      case $state in
        completed) break ;;
        failed | canceled) fail "the task ended $state" ;;
      esac
      sleep 1
      poll=$((poll + 1))
    done
  fi
  echo "OK: ${scenario:-request} done"
}

if [ "$1" = client ]; then
  client "$2"
  exit 0
fi
base=${1%/}

# get PATH OUT / post PATH BODY_FILE OUT: curl -f turns any HTTP error status into a failure.
get() {
  curl -fsS -H 'Accept: application/json' "$base$1" -o "$2" || fail "GET $base$1"
}
post() {
  curl -fsS -H 'Content-Type: application/json' -H 'Accept: application/json' \
    --data-binary "@$2" "$base$1" -o "$3" || fail "POST $base$1"
}

# first_string NAME FILE: the value of the first string member NAME in FILE
# (grep -o exists in GNU, BSD and BusyBox grep).
first_string() {
  grep -o "\"$1\": *\"[^\"]*\"" "$2" | head -n 1 | sed 's/.*: *"\(.*\)"/\1/'
}

# 1. Catalog: counts.routes is the number of published routes.
get /catalog "$tmp/catalog.json"
routes=$(tr -d '\n' < "$tmp/catalog.json" | sed -n 's/.*"counts": *{[^}]*"routes": *\([0-9][0-9]*\).*/\1/p')
[ -n "$routes" ] || fail "the catalog has no counts.routes"
echo "catalog: $routes routes"

# 2. First packet: the `message` member of the published request example.
get /examples/uai.intent.request.v1 "$tmp/example.json"
sed -n '/^  "message": {$/,/^  },\{0,1\}$/p' "$tmp/example.json" | sed '1s/^  "message": //;$s/,$//' > "$tmp/message.json"
[ -s "$tmp/message.json" ] || fail "the example record has no message member"

# 3. Validate: POST {"message": <first packet>}.
{ printf '{"message": '; cat "$tmp/message.json"; printf '}\n'; } > "$tmp/validate-request.json"
post /validate "$tmp/validate-request.json" "$tmp/validate.json"
grep -q '"valid": *true' "$tmp/validate.json" || fail "the first packet is not valid: $(cat "$tmp/validate.json")"
echo "validate: valid, level $(first_string conformance_level "$tmp/validate.json")"

# 4. Mock exchange, accepted-task scenario: the simulated answer must be 202.
{ printf '{"scenario": "accepted-task", "format": "exchange", "message": '; cat "$tmp/message.json"; printf '}\n'; } > "$tmp/exchange-request.json"
post /mock-exchange "$tmp/exchange-request.json" "$tmp/exchange.json"
grep -q '"http_status": *202' "$tmp/exchange.json" || fail "the mock exchange did not answer 202: $(cat "$tmp/exchange.json")"
# The response message's message_id: the first message_id after "response_message".
reply=$(tr -d '\n' < "$tmp/exchange.json" | sed -n 's/.*"response_message": *{[^{}]*"message_id": *"\([^"]*\)".*/\1/p')
echo "mock exchange: simulated status 202, response $reply"
echo "OK: the first packet validates and the accepted-task exchange works."
