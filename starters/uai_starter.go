// UAI-1 starter: Go, standard library only (net/http, encoding/json).
//
//	go run uai_starter.go http://localhost:4321/v1
//
// Steps: fetch the catalog, take the first packet (the `message` of the published
// uai.intent.request.v1 example), validate it (POST /validate), run the accepted-task mock
// exchange (POST /mock-exchange), print a short summary. Exits 1 when any step fails
// (network or HTTP error, invalid message, simulated status other than 202), 2 on usage.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
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

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run uai_starter.go <base_url>   (for example http://localhost:4321/v1)")
		os.Exit(2)
	}
	if err := run(strings.TrimRight(os.Args[1], "/")); err != nil {
		fmt.Fprintf(os.Stderr, "FAIL: %v\n", err)
		os.Exit(1)
	}
}
