package herald

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// sseGateway serves the stream route: connection n (from 0) is handled by handlers[n] (the last
// one for any later connection); it records each connection's Last-Event-ID.
type sseGateway struct {
	mu          sync.Mutex
	lastEventID []string
	handlers    []func(w http.ResponseWriter, r *http.Request)
}

func (g *sseGateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	g.lastEventID = append(g.lastEventID, r.Header.Get("Last-Event-ID"))
	h := g.handlers[min(len(g.lastEventID), len(g.handlers))-1]
	g.mu.Unlock()
	if r.URL.Path != "/recipients/alice/notifications/stream" || r.Header.Get("Accept") != "text/event-stream" {
		http.Error(w, "unexpected request", 500)
		return
	}
	h(w, r)
}

func (g *sseGateway) connections() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.lastEventID...)
}

func events(lines ...string) func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		for _, l := range lines {
			_, _ = io.WriteString(w, l)
		}
		w.(http.Flusher).Flush()
	}
}

func holdOpen(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }

func notificationEvent(event string, seq, id, unread int) string {
	return fmt.Sprintf("event: %s\nid: %d\ndata: {\"notification\":{\"id\":%d,\"recipient_id\":\"alice\",\"read\":false},\"unread_count\":%d}\n\n", event, seq, id, unread)
}

func startSSE(t *testing.T, handlers ...func(w http.ResponseWriter, r *http.Request)) (*sseGateway, *Client) {
	t.Helper()
	g := &sseGateway{handlers: handlers}
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	return g, newTestClient(t, srv.URL)
}

func TestStreamReconnectsWithLastEventID(t *testing.T) {
	g, c := startSSE(t,
		func(w http.ResponseWriter, r *http.Request) {
			events("retry: 2000\n\n", "event: unread_count\nid: 41\ndata: {\"unread_count\":0}\n\n", ": heartbeat\n\n", notificationEvent("notification", 42, 7, 1))(w, r)
		},
		func(w http.ResponseWriter, r *http.Request) {
			events(notificationEvent("notification.updated", 43, 7, 0))(w, r)
			holdOpen(w, r)
		},
	)
	st := c.Feed.Stream(context.Background(), "alice", ReconnectDelay(time.Millisecond, 5*time.Millisecond))
	defer st.Close()
	want := []struct {
		id, typ      string
		notification int
		unread       int
	}{{"41", EventUnreadCount, 0, 0}, {"42", EventNotification, 7, 1}, {"43", EventNotificationUpdated, 7, 0}}
	for _, w := range want {
		if !st.Next() {
			t.Fatalf("stream ended: %v", st.Err())
		}
		ev := st.Event()
		got := 0
		if ev.Notification != nil {
			got = ev.Notification.ID
		}
		if ev.ID != w.id || ev.Type != w.typ || got != w.notification || ev.UnreadCount != w.unread {
			t.Fatalf("event %+v, want %+v", ev, w)
		}
	}
	if conns := g.connections(); len(conns) != 2 || conns[0] != "" || conns[1] != "42" {
		t.Fatalf("Last-Event-ID per connection: %q, want [\"\" \"42\"]", conns)
	}
	if st.LastEventID() != "43" {
		t.Fatalf("LastEventID %q", st.LastEventID())
	}
}

func TestStreamResumesFromAGivenLastEventID(t *testing.T) {
	g, c := startSSE(t, func(w http.ResponseWriter, r *http.Request) {
		events(notificationEvent("notification", 9, 3, 1))(w, r)
		holdOpen(w, r)
	})
	st := c.Feed.Stream(context.Background(), "alice", LastEventID("8"))
	defer st.Close()
	if !st.Next() || st.Event().ID != "9" {
		t.Fatalf("event %+v, err %v", st.Event(), st.Err())
	}
	if conns := g.connections(); conns[0] != "8" {
		t.Fatalf("Last-Event-ID %q, want 8", conns[0])
	}
}

func TestStreamStopsOnARefusal(t *testing.T) {
	g, c := startSSE(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(404)
		_, _ = io.WriteString(w, `{"message":"Recipient not found","code":"not_found"}`)
	})
	st := c.Feed.Stream(context.Background(), "alice", ReconnectDelay(time.Millisecond, time.Millisecond))
	if st.Next() {
		t.Fatalf("event %+v from a refused stream", st.Event())
	}
	if !errors.Is(st.Err(), ErrNotFound) || len(g.connections()) != 1 {
		t.Fatalf("err %v after %d connections", st.Err(), len(g.connections()))
	}
}

func TestStreamReconnectsWhenSilentPastTheIdleTimeout(t *testing.T) {
	g, c := startSSE(t,
		func(w http.ResponseWriter, r *http.Request) { events()(w, r); holdOpen(w, r) },
		func(w http.ResponseWriter, r *http.Request) {
			events(notificationEvent("notification", 5, 1, 1))(w, r)
			holdOpen(w, r)
		},
	)
	st := c.Feed.Stream(context.Background(), "alice", IdleTimeout(50*time.Millisecond), ReconnectDelay(time.Millisecond, time.Millisecond))
	defer st.Close()
	if !st.Next() || st.Event().ID != "5" || len(g.connections()) < 2 {
		t.Fatalf("event %+v after %d connections, err %v", st.Event(), len(g.connections()), st.Err())
	}
}

func TestStreamCloseEndsABlockedNext(t *testing.T) {
	connected := make(chan struct{})
	_, c := startSSE(t, func(w http.ResponseWriter, r *http.Request) {
		events()(w, r)
		close(connected)
		holdOpen(w, r)
	})
	st := c.Feed.Stream(context.Background(), "alice")
	go func() {
		<-connected
		_ = st.Close()
	}()
	if st.Next() {
		t.Fatalf("event %+v", st.Event())
	}
	if st.Err() != nil {
		t.Fatalf("Err after Close: %v", st.Err())
	}
}
