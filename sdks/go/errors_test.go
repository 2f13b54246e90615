package herald

import (
	"errors"
	"net/http"
	"testing"
	"time"
)

func TestErrorFromResponse(t *testing.T) {
	cases := []struct {
		name                  string
		status                int
		header                http.Header
		body                  string
		code, message, family string
		violations            int
		retryAfter            time.Duration
		is                    error
	}{
		{"when the body is the {message, code} family, then Code and Message come from it", 404, nil,
			`{"message":"Recipient not found","code":"not_found"}`, "not_found", "Recipient not found", "message", 0, 0, ErrNotFound},
		{"when the body is the {error, details} family, then Code is error and Message is details", 409, nil,
			`{"error":"conflict","details":"Catalog entry already exists"}`, "conflict", "Catalog entry already exists", "error", 0, 0, ErrConflict},
		{"when validation fails, then each offending property is a Violation", 400, nil,
			`{"message":"body/id must be a string","code":"validation_failed","errors":[{"message":"must be a string","description":"","property_path":"id","invalid_value":5}]}`,
			"validation_failed", "body/id must be a string", "message", 1, 0, ErrValidation},
		{"when a 429 carries Retry-After, then RetryAfter holds it", 429, http.Header{"Retry-After": {"3"}},
			`{"message":"Rate limit exceeded","code":"rate_limited"}`, "rate_limited", "Rate limit exceeded", "message", 0, 3 * time.Second, ErrRateLimited},
		{"when the body is not JSON (a proxy's page), then the status speaks", 502, nil,
			`<html>Bad gateway</html>`, "http_502", "Bad Gateway", "message", 0, 0, ErrServer},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := &http.Response{StatusCode: tc.status, Header: tc.header}
			if res.Header == nil {
				res.Header = http.Header{}
			}
			e := errorFromResponse(res, []byte(tc.body))
			if e.Status != tc.status || e.Code != tc.code || e.Message != tc.message || e.Family != tc.family || len(e.Errors) != tc.violations || e.RetryAfter != tc.retryAfter {
				t.Fatalf("got %+v", e)
			}
			var err error = e
			if !errors.Is(err, tc.is) {
				t.Fatalf("errors.Is(%v, %v) is false", err, tc.is)
			}
			if errors.Is(err, ErrUnauthorized) {
				t.Fatalf("errors.Is(%v, ErrUnauthorized) is true", err)
			}
		})
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"", 0, false},
		{"0", 0, true},
		{"7", 7 * time.Second, true},
		{"-1", 0, false},
		{"soon", 0, false},
		{"Thu, 01 Jan 2026 12:00:05 GMT", 5 * time.Second, true},
		{"Thu, 01 Jan 2026 11:59:00 GMT", 0, true},
	}
	for _, tc := range cases {
		got, ok := parseRetryAfter(tc.in, now)
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseRetryAfter(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestErrorNamesEachOffendingProperty(t *testing.T) {
	e := &Error{Status: 400, Code: "validation_failed", Message: "Request body is invalid", Errors: []Violation{{PropertyPath: "emial", Message: "emial is not a field of this request"}}}
	want := "herald: 400 validation_failed: Request body is invalid; emial: emial is not a field of this request"
	if e.Error() != want {
		t.Fatalf("Error() = %q, want %q", e.Error(), want)
	}
}
