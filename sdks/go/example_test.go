package herald_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"testing"

	herald "github.com/herald-dev/herald/sdks/go"
)

// quickStart is the README's quick start, as it reads there: Example compiles it, and
// TestLiveQuickStart runs it against the live stack.
func quickStart(ctx context.Context, baseURL, key string) error {
	c, err := herald.New(baseURL, herald.WithAPIKey(key))
	if err != nil {
		return err
	}
	r, err := c.Recipients.Create(ctx, herald.CreateRecipient{ID: "alice", Name: herald.Ptr("Alice")})
	if err != nil && !errors.Is(err, herald.ErrConflict) { // 409: alice exists already
		return err
	}
	_ = r
	if _, err := c.Contacts.SetPrimary(ctx, "alice", herald.SetPrimaryContact{Medium: "email", Address: "alice@example.com"}); err != nil {
		return err
	}
	n, err := c.Notifications.Send(ctx, herald.Send{RecipientID: herald.Ptr("alice"), Payload: map[string]any{"title": "Hi"}})
	if err != nil {
		return err
	}
	n, err = c.Notifications.Get(ctx, n.ID)
	if err != nil {
		return err
	}
	fmt.Println(n.ID, n.Status) // e.g. 42 enqueued (then delivered)

	it := c.Recipients.List(ctx)
	for it.Next() {
		fmt.Println(it.Recipient().ID)
	}
	return it.Err()
}

func Example() {
	if err := quickStart(context.Background(), "http://127.0.0.1:8080", "nk_full_…"); err != nil {
		var e *herald.Error
		if errors.As(err, &e) {
			log.Fatalf("Herald answered %d %s: %s", e.Status, e.Code, e.Message)
		}
		log.Fatal(err)
	}
}

func ExampleFeedService_Stream() {
	c, _ := herald.New("http://127.0.0.1:8080", herald.WithAPIKey("nk_full_…"))
	ctx := context.Background()
	st := c.Feed.Stream(ctx, "alice") // reconnects by itself, resuming with Last-Event-ID
	defer st.Close()
	for st.Next() {
		ev := st.Event()
		switch ev.Type {
		case herald.EventNotification:
			fmt.Println("new:", ev.Notification.ID, "unread:", ev.UnreadCount)
		case herald.EventReset:
			fmt.Println("missed too much: refetch the feed")
		}
	}
	if err := st.Err(); err != nil {
		log.Fatal(err)
	}
}

func ExampleVerifyWebhook() {
	secret := "whsec_…" // from c.Webhooks.Create
	http.HandleFunc("/herald", func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		if err := herald.VerifyWebhook(body, r.Header, secret); err != nil {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		w.WriteHeader(http.StatusNoContent) // then handle the event in body
	})
}

func TestLiveQuickStart(t *testing.T) {
	ctx, env := liveStack(t)
	if err := quickStart(ctx, env.url, env.fullKey); err != nil {
		t.Fatal(err)
	}
	eventually(ctx, t, "the quick start's notification in alice's feed", func() (bool, error) {
		it := env.full.Feed.List(ctx, "alice")
		return it.Next(), it.Err()
	})
}
