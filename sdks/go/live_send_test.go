package herald_test

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	herald "github.com/herald-dev/herald/sdks/go"
)

func TestLiveSendAndReadBack(t *testing.T) {
	ctx, env := liveStack(t)
	c := env.full
	id := "dave-" + suffix()

	n, err := c.Notifications.Send(ctx, herald.Send{
		RecipientID: herald.Ptr(id), // unknown: created by the send
		Target:      &herald.TargetInput{Channel: "billing", Topic: "none", Event: "invoice.ready"},
		Payload:     map[string]any{"title": "Hi", "body": "Your invoice is ready"},
	}, herald.IdempotencyKey("invoice-"+id))
	if err != nil {
		t.Fatal(err)
	}
	if n.ID == 0 || n.RecipientID != id || n.Status != "enqueued" {
		t.Fatalf("sent %+v", n)
	}
	// The same key and body again: the first send's answer, nothing sent twice.
	again, err := c.Notifications.Send(ctx, herald.Send{
		RecipientID: herald.Ptr(id),
		Target:      &herald.TargetInput{Channel: "billing", Topic: "none", Event: "invoice.ready"},
		Payload:     map[string]any{"title": "Hi", "body": "Your invoice is ready"},
	}, herald.IdempotencyKey("invoice-"+id))
	if err != nil || again.ID != n.ID {
		t.Fatalf("repeat with the same key: %+v, %v (first %d)", again, err, n.ID)
	}

	got, err := c.Notifications.Get(ctx, n.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != n.ID || got.RecipientID != id || got.Payload.(map[string]any)["title"] != "Hi" || got.Target == nil || got.Target.Event != "invoice.ready" {
		t.Fatalf("read back %+v", got)
	}
	eventually(ctx, t, "the notification delivered to the feed", func() (bool, error) {
		got, err = c.Notifications.Get(ctx, n.ID)
		return err == nil && got.Status == "delivered", err
	})
	it := c.Feed.List(ctx, id)
	if !it.Next() || it.Notification().ID != n.ID || it.Next() || it.Err() != nil {
		t.Fatalf("feed: %+v, err %v", it.Notification(), it.Err())
	}
	if count, err := c.Feed.UnreadCount(ctx, id); err != nil || count != 1 {
		t.Fatalf("unread count %d, %v", count, err)
	}
	if _, err := c.Notifications.Send(ctx, herald.Send{RecipientID: herald.Ptr(id)}); !errors.Is(err, herald.ErrValidation) {
		t.Fatalf("a send with neither payload nor email: err = %v, want a 400", err)
	}
}

// nextOfType waits for the next event of that type on st (others are skipped).
func nextOfType(t *testing.T, st *herald.Stream, typ string) herald.StreamEvent {
	t.Helper()
	for st.Next() {
		if ev := st.Event(); ev.Type == typ {
			return ev
		}
	}
	t.Fatalf("the stream ended before a %s event: %v", typ, st.Err())
	return herald.StreamEvent{}
}

func TestLiveStreamReceivesAndResumes(t *testing.T) {
	ctx, env := liveStack(t)
	c := env.full
	id := "erin-" + suffix()
	if _, err := c.Recipients.Create(ctx, herald.CreateRecipient{ID: id}); err != nil {
		t.Fatal(err)
	}
	send := func(title string) *herald.Notification {
		n, err := c.Notifications.Send(ctx, herald.Send{RecipientID: herald.Ptr(id), Payload: map[string]any{"title": title}})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}

	// Live: the connect event, then the notification as it is delivered.
	st := c.Feed.Stream(ctx, id)
	if ev := nextOfType(t, st, herald.EventUnreadCount); ev.UnreadCount != 0 || ev.ID == "" {
		t.Fatalf("connect event %+v", ev)
	}
	first := send("first")
	ev := nextOfType(t, st, herald.EventNotification)
	if ev.Notification == nil || ev.Notification.ID != first.ID || ev.UnreadCount != 1 {
		t.Fatalf("live event %+v", ev)
	}
	resumeAfter := st.LastEventID()
	if resumeAfter != ev.ID {
		t.Fatalf("LastEventID %q, event id %q", resumeAfter, ev.ID)
	}
	_ = st.Close()
	if st.Next() || st.Err() != nil {
		t.Fatalf("after Close: Next true or Err %v", st.Err())
	}

	// Missed while disconnected, then resumed with Last-Event-ID, through the recipient's own token.
	second := send("second")
	eventually(ctx, t, "the second notification delivered", func() (bool, error) {
		n, err := c.Notifications.Get(ctx, second.ID)
		return err == nil && n.Status == "delivered", err
	})
	tok, err := c.Recipients.CreateToken(ctx, id, herald.CreateToken{TTLSeconds: herald.Ptr(600)})
	if err != nil {
		t.Fatal(err)
	}
	browser, err := herald.New(env.url, herald.WithAPIKey(tok.Token))
	if err != nil {
		t.Fatal(err)
	}
	resumed := browser.Feed.Stream(ctx, id, herald.LastEventID(resumeAfter))
	defer resumed.Close()
	if !resumed.Next() {
		t.Fatalf("resumed stream ended: %v", resumed.Err())
	}
	if ev := resumed.Event(); ev.Type != herald.EventNotification || ev.Notification == nil || ev.Notification.ID != second.ID || ev.UnreadCount != 2 {
		t.Fatalf("first event after resuming %+v, want the replayed notification %d (and not %d again)", ev, second.ID, first.ID)
	}
	// The token is the recipient's only: another recipient's stream is refused for good.
	other := browser.Feed.Stream(ctx, "someone-else")
	if other.Next() || !errors.Is(other.Err(), herald.ErrForbidden) {
		t.Fatalf("another recipient's stream: err %v", other.Err())
	}
}

func TestLiveRateLimitIsRetriedAfterRetryAfter(t *testing.T) {
	ctx, env := liveStack(t)
	// A project allowing 1 request a second (burst 2).
	created, err := env.admin.Admin.CreateProject(ctx, herald.CreateProject{
		Name:     "go-sdk-429-" + suffix(),
		Settings: &herald.ProjectSettings{RateLimitPerSecond: herald.Ptr(1)},
	})
	if err != nil {
		t.Fatal(err)
	}
	key := keyOf(created, "full")

	counter := &countingTransport{}
	c, err := herald.New(env.url, herald.WithAPIKey(key), herald.WithHTTPClient(&http.Client{Transport: counter}))
	if err != nil {
		t.Fatal(err)
	}
	// Four at once against a burst of two: two are refused with 429 and must get through on retry.
	errs := make(chan error, 4)
	for i := range 4 {
		go func() {
			_, err := c.Recipients.Create(ctx, herald.CreateRecipient{ID: fmt.Sprintf("r%d", i)})
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatalf("a create: %v", err)
		}
	}
	if counter.tooMany.Load() == 0 {
		t.Fatalf("4 simultaneous requests at 1/s (burst 2) met no 429: the retry was not exercised")
	}

	// Without retries, the 429 comes back as an *Error carrying Retry-After.
	noRetry, err := herald.New(env.url, herald.WithAPIKey(key), herald.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	for range 4 {
		go func() {
			_, err := noRetry.Recipients.Get(ctx, "r0")
			errs <- err
		}()
	}
	var e *herald.Error
	for range 4 {
		if err = <-errs; errors.As(err, &e) && e.Status == 429 {
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if e == nil || e.Status != 429 || e.Code != "rate_limited" || e.RetryAfter <= 0 || !errors.Is(err, herald.ErrRateLimited) {
		t.Fatalf("err = %#v", err)
	}
}

func TestLiveBroadcast(t *testing.T) {
	ctx, env := liveStack(t)
	// A project of its own: the broadcast reaches exactly these recipients.
	created, err := env.admin.Admin.CreateProject(ctx, herald.CreateProject{Name: "go-sdk-broadcast-" + suffix()})
	if err != nil {
		t.Fatal(err)
	}
	c, err := herald.New(env.url, herald.WithAPIKey(keyOf(created, "full")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Recipients.Batch(ctx, []herald.CreateRecipient{{ID: "a"}, {ID: "b"}, {ID: "c"}}); err != nil {
		t.Fatal(err)
	}
	b, err := c.Notifications.Broadcast(ctx, herald.Send{
		Target:  &herald.TargetInput{Channel: "news", Topic: "none", Event: "release"},
		Payload: map[string]any{"title": "v2 is out"},
	})
	if err != nil {
		t.Fatal(err)
	}
	eventually(ctx, t, "the broadcast completed", func() (bool, error) {
		b, err = c.Notifications.GetBroadcast(ctx, b.ID)
		return err == nil && b.Status == "completed", err
	})
	if b.RecipientsTotal != 3 || b.NotificationsCreated != 3 {
		t.Fatalf("broadcast %+v", b)
	}
	for _, id := range []string{"a", "b", "c"} {
		var it *herald.NotificationIterator
		eventually(ctx, t, "the broadcast in "+id+"'s feed", func() (bool, error) {
			it = c.Feed.List(ctx, id, herald.Unread())
			return it.Next(), it.Err()
		})
		if n := it.Notification(); n.BroadcastID == nil || *n.BroadcastID != b.ID {
			t.Fatalf("%s's notification %+v", id, n)
		}
		if updated, err := c.Feed.MarkAllRead(ctx, id); err != nil || updated != 1 {
			t.Fatalf("mark all read: %d, %v", updated, err)
		}
		if count, err := c.Feed.UnreadCount(ctx, id); err != nil || count != 0 {
			t.Fatalf("unread after mark all read: %d, %v", count, err)
		}
	}
}
