package herald

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// recorder is a fake gateway answering each request with the next of its scripted answers and
// remembering what it received.
type recorder struct {
	mu       sync.Mutex
	answers  []func(w http.ResponseWriter)
	requests []recorded
}

type recorded struct {
	method, path, idempotencyKey, authorization, body string
}

func (r *recorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	r.requests = append(r.requests, recorded{req.Method, req.URL.Path, req.Header.Get("Idempotency-Key"), req.Header.Get("Authorization"), string(body)})
	answer := r.answers[min(len(r.requests), len(r.answers))-1]
	r.mu.Unlock()
	answer(w)
}

func jsonAnswer(status int, body string, headers ...string) func(w http.ResponseWriter) {
	return func(w http.ResponseWriter) {
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Set(headers[i], headers[i+1])
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
}

var (
	rateLimited = jsonAnswer(429, `{"message":"Rate limit exceeded","code":"rate_limited"}`, "Retry-After", "0")
	unavailable = jsonAnswer(503, `{"message":"Service unavailable","code":"unavailable"}`)
	sent        = jsonAnswer(201, `{"message":"Notification enqueued","data":{"notification":{"id":7,"recipient_id":"alice","status":"enqueued","payload":{"title":"Hi"},"read":false,"opened":false,"broadcast_id":null,"target":null,"email":{"status":"not_requested"},"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"},"broadcast":null}}`)
	recipient   = jsonAnswer(200, `{"data":{"id":"alice","name":null,"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}}`)
)

func fakeGateway(t *testing.T, answers ...func(w http.ResponseWriter)) (*recorder, string) {
	t.Helper()
	rec := &recorder{answers: answers}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	return rec, srv.URL
}

func newTestClient(t *testing.T, url string, opts ...Option) *Client {
	t.Helper()
	c, err := New(url, append([]Option{WithAPIKey("nk_test"), WithMaxRetryWait(20 * time.Millisecond)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestSendRetriedAfter429WithTheSameIdempotencyKeyAndBody(t *testing.T) {
	rec, url := fakeGateway(t, rateLimited, rateLimited, sent)
	c := newTestClient(t, url)
	n, err := c.Notifications.Send(context.Background(), Send{RecipientID: Ptr("alice"), Payload: map[string]any{"title": "Hi"}})
	if err != nil {
		t.Fatal(err)
	}
	if n.ID != 7 || n.Status != "enqueued" {
		t.Fatalf("notification %+v", n)
	}
	if len(rec.requests) != 3 {
		t.Fatalf("%d requests, want 3", len(rec.requests))
	}
	first := rec.requests[0]
	if first.idempotencyKey == "" || first.authorization != "Bearer nk_test" || first.body == "" {
		t.Fatalf("first request %+v", first)
	}
	for _, r := range rec.requests[1:] {
		if r != first {
			t.Fatalf("a retry differs from the first attempt: %+v vs %+v", r, first)
		}
	}
}

func TestEachSendGetsItsOwnIdempotencyKeyUnlessGiven(t *testing.T) {
	rec, url := fakeGateway(t, sent)
	c := newTestClient(t, url)
	ctx := context.Background()
	in := Send{RecipientID: Ptr("alice"), Payload: map[string]any{"title": "Hi"}}
	for _, opts := range [][]SendOption{nil, nil, {IdempotencyKey("order-42")}} {
		if _, err := c.Notifications.Send(ctx, in, opts...); err != nil {
			t.Fatal(err)
		}
	}
	k := []string{rec.requests[0].idempotencyKey, rec.requests[1].idempotencyKey, rec.requests[2].idempotencyKey}
	if k[0] == "" || k[0] == k[1] || k[2] != "order-42" {
		t.Fatalf("idempotency keys %q", k)
	}
}

func TestRetriesAreBounded(t *testing.T) {
	rec, url := fakeGateway(t, rateLimited)
	c := newTestClient(t, url, WithRetries(2))
	_, err := c.Recipients.Get(context.Background(), "alice")
	var e *Error
	if !errors.As(err, &e) || e.Status != 429 || e.Code != "rate_limited" || !errors.Is(err, ErrRateLimited) {
		t.Fatalf("err = %v", err)
	}
	if len(rec.requests) != 3 {
		t.Fatalf("%d requests, want 1 + 2 retries", len(rec.requests))
	}
}

func TestRetryAfterLongerThanTheMaximumWaitIsReturnedAtOnce(t *testing.T) {
	rec, url := fakeGateway(t, jsonAnswer(429, `{"message":"Rate limit exceeded","code":"rate_limited"}`, "Retry-After", "60"), recipient)
	c := newTestClient(t, url)
	_, err := c.Recipients.Get(context.Background(), "alice")
	var e *Error
	if !errors.As(err, &e) || e.RetryAfter != time.Minute {
		t.Fatalf("err = %v", err)
	}
	if len(rec.requests) != 1 {
		t.Fatalf("%d requests, want 1", len(rec.requests))
	}
}

func Test503IsRetriedOnlyWhenRepeatingIsSafe(t *testing.T) {
	t.Run("when a GET gets 503, then it is retried", func(t *testing.T) {
		rec, url := fakeGateway(t, unavailable, recipient)
		if _, err := newTestClient(t, url).Recipients.Get(context.Background(), "alice"); err != nil {
			t.Fatal(err)
		}
		if len(rec.requests) != 2 {
			t.Fatalf("%d requests, want 2", len(rec.requests))
		}
	})
	t.Run("when a POST without Idempotency-Key gets 503, then it is not retried", func(t *testing.T) {
		rec, url := fakeGateway(t, unavailable, recipient)
		_, err := newTestClient(t, url).Recipients.Create(context.Background(), CreateRecipient{ID: "alice"})
		if !errors.Is(err, ErrServer) {
			t.Fatalf("err = %v", err)
		}
		if len(rec.requests) != 1 {
			t.Fatalf("%d requests, want 1", len(rec.requests))
		}
	})
	t.Run("when a send (with its Idempotency-Key) gets 503, then it is retried", func(t *testing.T) {
		rec, url := fakeGateway(t, unavailable, sent)
		if _, err := newTestClient(t, url).Notifications.Send(context.Background(), Send{RecipientID: Ptr("alice"), Payload: map[string]any{"title": "Hi"}}); err != nil {
			t.Fatal(err)
		}
		if len(rec.requests) != 2 {
			t.Fatalf("%d requests, want 2", len(rec.requests))
		}
	})
	t.Run("when a cancel gets 503, then it is retried (a repeated cancel answers the same)", func(t *testing.T) {
		canceled := jsonAnswer(200, `{"message":"Notification canceled","data":{"id":7,"recipient_id":"alice","status":"canceled","payload":{"title":"Hi"},"read":false,"opened":false,"broadcast_id":null,"target":null,"email":{"status":"not_requested"},"send_at":"2030-01-01T00:00:00Z","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}}`)
		rec, url := fakeGateway(t, unavailable, canceled)
		n, err := newTestClient(t, url).Notifications.Cancel(context.Background(), 7)
		if err != nil || n.Status != "canceled" {
			t.Fatalf("cancel: %+v, %v", n, err)
		}
		if len(rec.requests) != 2 || rec.requests[1].method != http.MethodPost || rec.requests[1].path != "/notifications/7/cancel" {
			t.Fatalf("requests %+v, want POST /notifications/7/cancel twice", rec.requests)
		}
	})
}

func TestAWaitEndsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	tooMany := jsonAnswer(429, `{"message":"Rate limit exceeded","code":"rate_limited"}`, "Retry-After", "5")
	_, url := fakeGateway(t, func(w http.ResponseWriter) {
		tooMany(w)
		cancel() // while the client waits the 5 s it was told to
	})
	c := newTestClient(t, url, WithMaxRetryWait(time.Minute))
	if _, err := c.Recipients.Get(ctx, "alice"); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %#v", err)
	}
}

func TestSendRefusesANilRecipientInsteadOfBroadcasting(t *testing.T) {
	rec, url := fakeGateway(t, sent)
	_, err := newTestClient(t, url).Notifications.Send(context.Background(), Send{Payload: map[string]any{"title": "Hi"}})
	if err == nil || len(rec.requests) != 0 {
		t.Fatalf("err = %v after %d requests", err, len(rec.requests))
	}
}

func TestNewRefusesABaseURLThatIsNotHTTP(t *testing.T) {
	for _, u := range []string{"", "127.0.0.1:8080", "ftp://example.com", "http://"} {
		if _, err := New(u); err == nil {
			t.Errorf("New(%q) accepted", u)
		}
	}
}
