package herald

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// transport is the generated client's HTTP doer: it adds the credential and repeats a request
// after a 429 (always: the gateway refused it before doing anything), or after a 503 or a lost
// connection when repeating is safe (idempotent methods, an Idempotency-Key, or a cancel).
type transport struct {
	client    *http.Client
	apiKey    string
	userAgent string
	retries   int
	baseDelay time.Duration
	maxWait   time.Duration
}

// Format prints the transport without its credential, whatever the verb (%v, %+v, %#v, %s).
func (t transport) Format(f fmt.State, _ rune) {
	fmt.Fprintf(f, "herald.transport{apiKey: [redacted], userAgent: %q, retries: %d}", t.userAgent, t.retries)
}

func (t *transport) Do(req *http.Request) (*http.Response, error) {
	if t.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+t.apiKey)
	}
	req.Header.Set("User-Agent", t.userAgent)
	if req.Header.Get("Accept") == "" {
		req.Header.Set("Accept", "application/json")
	}
	repeatable := req.Body == nil || req.Body == http.NoBody || req.GetBody != nil
	safe := req.Method == http.MethodGet || req.Method == http.MethodPut || req.Method == http.MethodDelete ||
		req.Header.Get("Idempotency-Key") != "" || (req.Method == http.MethodPost && cancelPath.MatchString(req.URL.Path))
	for attempt := 1; ; attempt++ {
		res, err := t.client.Do(req)
		wait, again := t.retryAfter(attempt, res, err, safe && repeatable)
		if !again || !repeatable {
			return res, err
		}
		if res != nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
			_ = res.Body.Close()
		}
		if err := sleep(req.Context(), wait); err != nil {
			return nil, err
		}
		if req, err = rewind(req); err != nil {
			return nil, err
		}
	}
}

// cancelPath: POST /notifications/{id}/cancel and /broadcasts/{id}/cancel repeat safely (a repeated
// cancel answers the canceled send again, or the same 409).
var cancelPath = regexp.MustCompile(`/(notifications|broadcasts)/[^/]+/cancel$`)

// retryAfter decides whether attempt number `attempt` is repeated, and after how long.
func (t *transport) retryAfter(attempt int, res *http.Response, err error, safe bool) (time.Duration, bool) {
	if attempt > t.retries {
		return 0, false
	}
	if err != nil {
		return t.backoff(attempt), safe
	}
	if res.StatusCode != http.StatusTooManyRequests && (res.StatusCode != http.StatusServiceUnavailable || !safe) {
		return 0, false
	}
	if d, ok := parseRetryAfter(res.Header.Get("Retry-After"), time.Now()); ok {
		// Waiting less than the server asked is pointless; waiting longer than allowed is not ours to do.
		return d, d <= t.maxWait
	}
	return t.backoff(attempt), true
}

// backoff is exponential (baseDelay, doubled each attempt, capped at maxWait) with jitter over its upper half.
func (t *transport) backoff(attempt int) time.Duration {
	ceiling := min(t.maxWait, t.baseDelay<<min(attempt-1, 16))
	return ceiling/2 + rand.N(ceiling/2+1)
}

// rewind is req again with a fresh body (the previous attempt consumed it).
func rewind(req *http.Request) (*http.Request, error) {
	next := req.Clone(req.Context())
	if req.GetBody != nil {
		body, err := req.GetBody()
		if err != nil {
			return nil, err
		}
		next.Body = body
	}
	return next, nil
}

func sleep(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// parseRetryAfter reads a Retry-After header: delta-seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(strings.TrimSpace(v), 10, 32); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second, true
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(0, at.Sub(now)), true
	}
	return 0, false
}

// decode reads a generated operation's answer: its 2xx JSON body as T, or the answer as a *Error.
// It is called with the generated call directly: decode[api.X201JSONResponseBody](c.api.X(ctx, …)).
func decode[T any](res *http.Response, err error) (*T, error) {
	if err != nil {
		return nil, err
	}
	defer func() { _ = res.Body.Close() }()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, fmt.Errorf("herald: reading the answer of %s %s: %w", res.Request.Method, res.Request.URL.Path, err)
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return nil, errorFromResponse(res, body)
	}
	var out T
	if err := json.Unmarshal(body, &out); err != nil {
		return nil, fmt.Errorf("herald: the answer of %s %s is not the documented JSON: %w", res.Request.Method, res.Request.URL.Path, err)
	}
	return &out, nil
}
