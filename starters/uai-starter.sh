#!/bin/sh
# UAI-1 starter: POSIX sh + curl. No jq: only curl, sed, tr, grep and head.
#
#   sh uai-starter.sh http://localhost:4321/v1
#
# Steps: 1. GET <base>/catalog and count its routes;
#        2. GET <base>/examples/uai.intent.request.v1 and take its `message` (the first packet);
#        3. POST <base>/validate {"message": ...}             -> needs "valid": true;
#        4. POST <base>/mock-exchange {"scenario": "accepted-task", "format": "exchange",
#           "message": ...}                                      -> needs "http_status": 202.
# Exits non-zero when any step fails (curl error or HTTP error, invalid message, other status).
#
# How JSON is handled without a JSON tool: records are published as two-space indented JSON
# (one member per line), so the example's `message` member is the block of lines from
# `  "message": {` to the next line that is exactly `  }` or `  },`. Responses are checked
# with grep/sed on single members. A real client should use a JSON parser instead.
set -eu

if [ "$#" -ne 1 ]; then
  echo "usage: sh uai-starter.sh <base_url>   (for example http://localhost:4321/v1)" >&2
  exit 2
fi
base=${1%/}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

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
