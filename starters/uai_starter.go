// UAI-1 starter: Go, standard library only (net/http, encoding/json, crypto/sha256).
//
//	go run uai_starter.go http://localhost:4321/v1                          (the service)
//	go run uai_starter.go client http://localhost:4321/v1/reference-server  (a UAI-1 endpoint)
//
// With a base URL: fetch the catalog, take the first packet (the `message` of the published
// uai.intent.request.v1 example), validate it (POST /validate), run the accepted-task mock
// exchange (POST /mock-exchange), print a short summary.
//
// With `client <endpoint>`: a UAI-1 client of an endpoint such as the reference server. It reads
// the capability statement (GET of the endpoint), sends one fresh sealed uai.intent.request.v1
// addressed to the statement's source (keyless when the endpoint only speaks keyless), waits out
// a 429 or 503 as its Retry-After says, polls an accepted task once a second until it ends, and
// reports a typed error without sending the message again. UAI_SCENARIO (set by `uai
// test-client`) picks async delivery (`async`) or a follow-up turn (`follow-up`).
//
// Exits 1 when any step fails (network or HTTP error, invalid message, simulated status other
// than 202, a typed error), 2 on usage.
package main

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

var client = &http.Client{Timeout: 30 * time.Second}

type issue struct {
	Code    string `json:"code"`
	Path    string `json:"path"`
	Message string `json:"message"`
}

type validatorResult struct {
	Valid            bool    `json:"valid"`
	ConformanceLevel *string `json:"conformance_level"`
	Errors           []issue `json:"errors"`
}

type exchangeResult struct {
	HTTPStatus      int `json:"http_status"`
	ResponseMessage struct {
		MessageID string `json:"message_id"`
	} `json:"response_message"`
}

// call sends one request (a JSON body when body is not nil) and decodes the JSON answer into out.
// Any HTTP error status is a failure; errors are RFC 9457 problem documents, shown as they are.
func call(method, url string, body any, out any) error {
	var reader io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, url, reader)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, url, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, url, err)
	}
	if resp.StatusCode >= 400 {
		return fmt.Errorf("%s %s: HTTP %d %s", method, url, resp.StatusCode, data)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%s %s: %w", method, url, err)
	}
	return nil
}

func run(base string) error {
	// 1. The catalog lists every route of the service.
	var catalog struct {
		Routes []json.RawMessage `json:"routes"`
	}
	if err := call("GET", base+"/catalog", nil, &catalog); err != nil {
		return err
	}
	fmt.Printf("catalog: %d routes\n", len(catalog.Routes))

	// 2. The first packet: the published example of uai.intent.request.v1, kept as raw JSON:
	// a struct would drop the members it does not name, and the checksum covers every member.
	var example struct {
		Message json.RawMessage `json:"message"`
	}
	if err := call("GET", base+"/examples/uai.intent.request.v1", nil, &example); err != nil {
		return err
	}
	if len(example.Message) == 0 {
		return fmt.Errorf("the example record has no message")
	}

	// 3. Validate it. An invalid message is still HTTP 200, with valid false and its errors.
	var result validatorResult
	if err := call("POST", base+"/validate", map[string]any{"message": example.Message}, &result); err != nil {
		return err
	}
	if !result.Valid {
		parts := make([]string, 0, len(result.Errors))
		for _, i := range result.Errors {
			path := i.Path
			if path == "" {
				path = "(root)"
			}
			parts = append(parts, fmt.Sprintf("%s %s: %s", path, i.Code, i.Message))
		}
		return fmt.Errorf("the first packet is not valid: %s", strings.Join(parts, "; "))
	}
	level := "none"
	if result.ConformanceLevel != nil {
		level = *result.ConformanceLevel
	}
	fmt.Printf("validate: valid, level %s\n", level)

	// 4. Mock exchange: the reference server accepts the task and answers 202.
	var exchange exchangeResult
	body := map[string]any{"scenario": "accepted-task", "format": "exchange", "message": example.Message}
	if err := call("POST", base+"/mock-exchange", body, &exchange); err != nil {
		return err
	}
	if exchange.HTTPStatus != 202 {
		return fmt.Errorf("the mock exchange answered %d, expected 202", exchange.HTTPStatus)
	}
	fmt.Printf("mock exchange: simulated status %d, response %s\n", exchange.HTTPStatus, exchange.ResponseMessage.MessageID)
	fmt.Println("OK: the first packet validates and the accepted-task exchange works.")
	return nil
}

// ---- The client of a UAI-1 endpoint -------------------------------------------------------

type obj = map[string]any

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

func instant(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05Z") }

// at reads a member path of decoded JSON; nil when absent.
func at(v any, path ...string) any {
	for _, k := range path {
		m, ok := v.(obj)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// jcs writes v in RFC 8785 (JCS) form, for what this client builds (ASCII member names, strings,
// integers and booleans): encoding/json sorts a map's members and adds no whitespace, but escapes
// <, > and & unless told not to, always writes U+2028 and U+2029 as \u2028 and \u2029, where JCS
// writes all four as they are, and (before Go 1.22) backspace and form feed as \u0008 and \u000c,
// where JCS writes \b and \f. A target id copied from an endpoint may hold any of them.
var jcsEscapes = map[string]string{`\u2028`: "\u2028", `\u2029`: "\u2029", `\u0008`: `\b`, `\u000c`: `\f`}

func jcs(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	text := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	out := make([]byte, 0, len(text))
	for i := 0; i < len(text); i++ {
		if text[i] != '\\' {
			out = append(out, text[i])
			continue
		}
		// An escape: the four above are rewritten; any other (\\ among them) stays whole.
		if i+6 <= len(text) {
			if swap, ok := jcsEscapes[string(text[i:i+6])]; ok {
				out = append(out, swap...)
				i += 5
				continue
			}
		}
		out = append(out, text[i], text[i+1])
		i++
	}
	return out
}

// seal sets integrity.checksum: sha256 over the RFC 8785 (JCS) form of the message without
// integrity.
func seal(m obj) obj {
	rest := obj{}
	for k, v := range m {
		if k != "integrity" {
			rest[k] = v
		}
	}
	sum := sha256.Sum256(jcs(rest))
	rest["integrity"] = obj{"version": 2, "algorithm": "sha256", "canonicalization": "jcs", "checksum": "sha256:" + hex.EncodeToString(sum[:])}
	return rest
}

// request builds a fresh request; after an answer, a follow-up in its conversation.
func request(target any, mode string, after obj) obj {
	now := time.Now()
	trace, _ := at(after, "provenance", "trace_id").(string)
	if trace == "" {
		trace = randomHex(16)
	}
	conversation := obj{"conversation_id": "conv-starter-" + randomHex(8), "turn_id": "turn-" + randomHex(4), "sequence": 1}
	if after != nil {
		seq, _ := at(after, "conversation", "sequence").(float64)
		conversation["conversation_id"] = at(after, "conversation", "conversation_id")
		conversation["parent_message_id"] = after["message_id"]
		conversation["sequence"] = int(seq) + 1
	}
	conversation["traceparent"] = "00-" + trace + "-" + randomHex(8) + "-01"
	return seal(obj{
		"uai_version": "1.0",
		"profile":     "uai.intent.request.v1",
		"message_id":  "msg-starter-" + randomHex(8),
		"source": obj{"type": "agent", "id": "uai-starter-go", "label": "UAI-1 Go starter",
			"role": "requesting-agent", "implementation": "uai_starter.go"},
		"target":       obj{"type": at(target, "type"), "id": at(target, "id")},
		"conversation": conversation,
		"delivery": obj{"mode": mode, "priority": "interactive", "expires_at": instant(now.Add(time.Hour)),
			"reply_requested": true, "ack_required": false},
		"trust": obj{"channel": "public", "auth_scheme": "none"},
		"body": obj{
			"intent":            "resolve-profile",
			"subject":           "uai.task.status.v1",
			"requested_profile": "uai.task.status.v1",
			"parameters":        obj{"include_schema": false, "include_example": false, "include_field_registry": false},
			"constraints":       []string{"public-record-only", "trace-linked"},
			"response_profile":  "uai.intent.response.v1",
		},
		"provenance": obj{"trace_id": trace, "issued_at": instant(now), "agent_id": "uai-starter-go"},
	})
}

// keyless is the keyless form of the request above: positions from the field registry's order maps.
func keyless(m obj) []any {
	g := func(path ...string) any { return at(m, path...) }
	return []any{
		m["uai_version"], m["profile"], m["message_id"],
		[]any{g("source", "type"), g("source", "id"), g("source", "label"), nil, nil, g("source", "role"), g("source", "implementation")},
		[]any{g("target", "type"), g("target", "id")},
		[]any{g("conversation", "conversation_id"), g("conversation", "turn_id"), g("conversation", "parent_message_id"), g("conversation", "traceparent"), g("conversation", "sequence")},
		[]any{g("delivery", "mode"), g("delivery", "priority"), g("delivery", "expires_at"), g("delivery", "reply_requested"), g("delivery", "ack_required")},
		[]any{g("trust", "channel"), g("trust", "auth_scheme")},
		[]any{g("body", "intent"), g("body", "subject"), g("body", "requested_profile"),
			[]any{g("body", "parameters", "include_schema"), g("body", "parameters", "include_example"), g("body", "parameters", "include_field_registry")},
			g("body", "constraints"), g("body", "response_profile")},
		[]any{g("provenance", "trace_id"), nil, g("provenance", "issued_at"), nil, g("provenance", "agent_id")},
		[]any{g("integrity", "version"), g("integrity", "algorithm"), g("integrity", "canonicalization"), g("integrity", "checksum")},
	}
}

// exchange sends one HTTP request: an HTTP error status is an answer too.
func exchange(method, target string, body []byte) (int, http.Header, any, error) {
	req, err := http.NewRequest(method, target, bytes.NewReader(body))
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, nil, fmt.Errorf("%s %s: %w", method, target, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return 0, nil, nil, err
	}
	var parsed any
	if json.Unmarshal(raw, &parsed) != nil {
		parsed = nil
	}
	return resp.StatusCode, resp.Header, parsed, nil
}

// send POSTs one message; a 429 or 503 is waited out (Retry-After, in seconds) and the same message sent again.
func send(endpoint string, m obj, asKeyless bool) (int, obj, error) {
	var payload any = m
	if asKeyless {
		payload = keyless(m)
	}
	data, _ := json.Marshal(payload)
	for attempt := 1; ; attempt++ {
		status, head, answer, err := exchange("POST", endpoint, data)
		if err != nil {
			return 0, nil, err
		}
		if (status == 429 || status == 503) && attempt < 4 {
			wait, err := strconv.Atoi(head.Get("Retry-After"))
			if err != nil || wait < 1 {
				wait = 1
			}
			if wait > 60 {
				wait = 60
			}
			fmt.Printf("answer: %d, retrying after %d s\n", status, wait)
			time.Sleep(time.Duration(wait) * time.Second)
			continue
		}
		result, _ := answer.(obj)
		if list, ok := answer.([]any); ok && len(list) > 2 {
			// A keyless answer: the envelope's first positions are uai_version, profile, message_id.
			result = obj{"profile": list[1], "message_id": list[2]}
		}
		if result == nil {
			result = obj{}
		}
		fmt.Printf("answer: %d %v %v\n", status, result["profile"], result["message_id"])
		return status, result, nil
	}
}

func runClient(endpoint string) error {
	scenario := os.Getenv("UAI_SCENARIO")
	status, _, doc, err := exchange("GET", endpoint, nil)
	if err != nil {
		return err
	}
	statement, ok := doc.(obj)
	if status != 200 || !ok {
		return fmt.Errorf("GET %s: HTTP %d", endpoint, status)
	}
	endpoints, _ := at(statement, "body", "endpoints").([]any)
	keyed, keylessHere, pollBase := false, false, ""
	for _, e := range endpoints {
		binding, _ := at(e, "binding").(string)
		if binding == "https-async-callback" {
			pollBase, _ = at(e, "url").(string)
		} else if at(e, "url") == endpoint {
			keyed = keyed || binding == "https-json-keyed"
			keylessHere = keylessHere || binding == "https-json-keyless"
		}
	}
	asKeyless := !keyed && keylessHere
	mode := "sync"
	if scenario == "async" {
		mode = "async"
	}
	status, answer, err := send(endpoint, request(statement["source"], mode, nil), asKeyless)
	if err != nil {
		return err
	}
	if scenario == "follow-up" && status == 200 && answer["profile"] != "uai.error.v1" {
		if status, answer, err = send(endpoint, request(statement["source"], "sync", answer), asKeyless); err != nil {
			return err
		}
	}
	if answer["profile"] == "uai.error.v1" || status >= 400 {
		return fmt.Errorf("typed error %v: %v", at(answer, "body", "code"), at(answer, "body", "message"))
	}
	ref, _ := at(answer, "delivery", "task_ref").(string)
	if status == 202 && ref != "" && pollBase != "" {
		for poll := 1; poll <= 30; poll++ {
			_, _, task, err := exchange("GET", pollBase+url.PathEscape(ref), nil)
			if err != nil {
				return err
			}
			state, _ := at(task, "body", "state").(string)
			fmt.Printf("task: %s\n", state)
			if state == "completed" {
				break
			}
			if state == "failed" || state == "canceled" {
				return fmt.Errorf("the task ended %s", state)
			}
			time.Sleep(time.Second)
		}
	}
	if scenario == "" {
		scenario = "request"
	}
	fmt.Printf("OK: %s done\n", scenario)
	return nil
}

func main() {
	asClient := len(os.Args) > 1 && os.Args[1] == "client"
	want := 2
	if asClient {
		want = 3
	}
	if len(os.Args) != want {
		fmt.Fprintln(os.Stderr, "usage: go run uai_starter.go <base_url>   (for example http://localhost:4321/v1)")
		fmt.Fprintln(os.Stderr, "       go run uai_starter.go client <endpoint_url>")
		os.Exit(2)
	}
	var err error
	if asClient {
		err = runClient(os.Args[2])
	} else {
		err = run(strings.TrimRight(os.Args[1], "/"))
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "FAIL: %v\n", err)
		os.Exit(1)
	}
}
