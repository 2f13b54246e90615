package herald_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	herald "github.com/herald-dev/herald/sdks/go"
)

type received struct {
	body    []byte
	headers http.Header
}

func TestLiveWebhookIsVerified(t *testing.T) {
	ctx, env := liveStack(t)
	c := env.full
	got := make(chan received, 16)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		got <- received{body, r.Header.Clone()}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer receiver.Close()

	// Only broadcast.completed (which this suite never causes) besides the test event.
	hook, err := c.Webhooks.Create(ctx, herald.CreateWebhook{URL: receiver.URL, EventTypes: []herald.WebhookEventType{"broadcast.completed"}})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Webhooks.Delete(ctx, hook.Webhook.ID) }()
	if !strings.HasPrefix(hook.Secret, "whsec_") {
		t.Fatalf("secret %q", hook.Secret)
	}
	delivery, err := c.Webhooks.Test(ctx, hook.Webhook.ID)
	if err != nil {
		t.Fatal(err)
	}

	var req received
	for req.body == nil {
		select {
		case req = <-got:
		case <-ctx.Done():
			// Say why when the stack refuses loopback endpoints (WEBHOOK_ALLOW_PRIVATE unset).
			it := c.Webhooks.Deliveries(ctx, hook.Webhook.ID)
			for it.Next() {
				if d := it.Delivery(); d.ID == delivery.ID {
					t.Fatalf("no webhook request arrived; the delivery: status %s, last error %v (the stack needs WEBHOOK_ALLOW_PRIVATE=1 to call a loopback receiver)", d.Status, d.LastError)
				}
			}
			t.Fatalf("no webhook request arrived")
		}
	}
	if err := herald.VerifyWebhook(req.body, req.headers, hook.Secret); err != nil {
		t.Fatalf("Herald's own webhook request: %v", err)
	}
	var event struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(req.body, &event); err != nil || event.Type != "webhook.test" {
		t.Fatalf("body %s", req.body)
	}
	if req.headers.Get("webhook-id") != delivery.EventID {
		t.Fatalf("webhook-id %q, delivery's event id %q", req.headers.Get("webhook-id"), delivery.EventID)
	}
	tampered := append([]byte(nil), req.body...)
	tampered[len(tampered)-2] ^= 1
	if err := herald.VerifyWebhook(tampered, req.headers, hook.Secret); !errors.Is(err, herald.ErrInvalidWebhook) {
		t.Fatalf("a tampered body: err = %v", err)
	}
}
