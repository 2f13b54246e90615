package herald

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"iter"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	sse "github.com/tmaxmax/go-sse"

	"github.com/herald-dev/herald/sdks/go/api"
)

// The event types of a recipient's live stream.
const (
	EventNotification        = "notification"         // newly delivered to the feed
	EventNotificationUpdated = "notification.updated" // read/opened/seen changed, archived or unarchived (mark-all included)
	EventUnreadCount         = "unread_count"         // on connect and after every change
	EventReset               = "reset"                // more was missed than the server replays: refetch the feed
)

// StreamEvent is one event of a recipient's live stream.
type StreamEvent struct {
	ID   string // grows per recipient; the stream resumes after the last one it saw
	Type string // EventNotification, EventNotificationUpdated, EventUnreadCount, EventReset, or newer
	// Notification is the notification of EventNotification and EventNotificationUpdated.
	Notification *Notification
	// UnreadCount is the recipient's unread count after this event (every event carries it).
	UnreadCount int
	// UnseenCount is the recipient's unseen count after this event (delivered, not archived, not seen).
	UnseenCount int
	// Data is the event's JSON as received.
	Data json.RawMessage
}

// StreamOption configures Feed.Stream.
type StreamOption func(*streamOptions)

type streamOptions struct {
	lastEventID        string
	minDelay, maxDelay time.Duration
	idle               time.Duration
}

// LastEventID resumes after that event (a previous stream's LastEventID): the server replays
// what the recipient missed since, or sends EventReset when that was too much.
func LastEventID(id string) StreamOption { return func(o *streamOptions) { o.lastEventID = id } }

// ReconnectDelay sets the wait before reconnecting after a dropped connection: min at first,
// doubled after each failed attempt up to max, with jitter (default 500 ms to 15 s).
func ReconnectDelay(min, max time.Duration) StreamOption {
	return func(o *streamOptions) { o.minDelay, o.maxDelay = min, max }
}

// IdleTimeout reconnects when nothing (not even the 15-second heartbeat) arrived for d (default 45 s).
func IdleTimeout(d time.Duration) StreamOption { return func(o *streamOptions) { o.idle = d } }

// Stream follows a recipient's live feed (Server-Sent Events). It reconnects by itself when the
// connection drops, sending Last-Event-ID so nothing is lost or doubled, until its context ends,
// Close is called, or the server refuses for good (400, 401, 403, 404: see Err):
//
//	st := c.Feed.Stream(ctx, "alice")
//	defer st.Close()
//	for st.Next() {
//		ev := st.Event()
//	}
//	err := st.Err()
//
// Next and Event belong to one goroutine; Close may be called from any.
type Stream struct {
	c           *Client
	ctx         context.Context
	cancel      context.CancelFunc
	closed      atomic.Bool
	mu          sync.Mutex // held by Next; Close takes it to release the connection
	recipientID string
	opts        streamOptions
	lastID      string

	body     io.ReadCloser
	next     func() (sse.Event, error, bool)
	stop     func()
	ev       StreamEvent
	err      error
	failures int
}

// Stream opens nothing yet: the first Next connects.
func (s *FeedService) Stream(ctx context.Context, recipientID string, opts ...StreamOption) *Stream {
	o := streamOptions{minDelay: 500 * time.Millisecond, maxDelay: 15 * time.Second, idle: 45 * time.Second}
	for _, f := range opts {
		f(&o)
	}
	ctx, cancel := context.WithCancel(ctx)
	return &Stream{c: s.c, ctx: ctx, cancel: cancel, recipientID: recipientID, opts: o, lastID: o.lastEventID}
}

// Next waits for the next event; false once the stream is over (then see Err).
func (st *Stream) Next() bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	for st.err == nil && st.ctx.Err() == nil {
		if st.next == nil {
			if err := st.connect(); err != nil {
				if permanent(err) {
					st.err = err
					return false
				}
				st.pause(err)
				continue
			}
		}
		raw, err, ok := st.next()
		if !ok || err != nil {
			st.disconnect()
			st.pause(err)
			continue
		}
		if raw.LastEventID != "" {
			st.lastID = raw.LastEventID
		}
		if raw.Type == "" && raw.Data == "" {
			continue
		}
		st.failures = 0
		st.ev = parseEvent(raw)
		return true
	}
	st.disconnect()
	return false
}

// Event is the event Next moved to.
func (st *Stream) Event() StreamEvent { return st.ev }

// LastEventID is the id of the last event received: pass it to LastEventID to resume later.
func (st *Stream) LastEventID() string { return st.lastID }

// Err is why the stream ended: nil after Close, the context's error when it ended, or the
// *Error of a refusal (unknown recipient, a credential that may not read this feed).
func (st *Stream) Err() error {
	if st.closed.Load() {
		return nil
	}
	if st.err != nil {
		return st.err
	}
	return st.ctx.Err()
}

// Close ends the stream and releases its connection (a Next blocked in another goroutine
// returns false).
func (st *Stream) Close() error {
	st.closed.Store(true)
	st.cancel() // first: it wakes a Next blocked in a read, which then lets go of mu
	st.mu.Lock()
	defer st.mu.Unlock()
	st.disconnect()
	return nil
}

func (st *Stream) connect() error {
	params := &api.GetRecipientsRecipientIDNotificationsStreamParams{}
	if st.lastID != "" {
		params.LastEventID = &st.lastID
	}
	conn, cancel := context.WithCancel(st.ctx)
	res, err := st.c.api.GetRecipientsRecipientIDNotificationsStream(conn, st.recipientID, params, func(_ context.Context, req *http.Request) error {
		req.Header.Set("Accept", "text/event-stream")
		return nil
	})
	if err != nil {
		cancel()
		return err
	}
	if res.StatusCode != http.StatusOK {
		defer cancel()
		defer func() { _ = res.Body.Close() }()
		body, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
		return errorFromResponse(res, body)
	}
	// Any byte (a heartbeat comment included) proves the connection alive; silence past the idle
	// timeout ends this connection, and Next reconnects.
	watchdog := time.AfterFunc(st.opts.idle, cancel)
	st.body = &closer{Reader: &activityReader{r: res.Body, touch: func() { watchdog.Reset(st.opts.idle) }}, close: func() error {
		watchdog.Stop()
		cancel()
		return res.Body.Close()
	}}
	st.next, st.stop = iter.Pull2(iter.Seq2[sse.Event, error](sse.Read(st.body, nil)))
	return nil
}

func (st *Stream) disconnect() {
	if st.stop != nil {
		st.stop()
		st.next, st.stop = nil, nil
	}
	if st.body != nil {
		_ = st.body.Close()
		st.body = nil
	}
}

// pause waits before the next connection attempt: the server's Retry-After when it gave one,
// else an exponential backoff with jitter.
func (st *Stream) pause(cause error) {
	st.failures++
	ceiling := min(st.opts.maxDelay, st.opts.minDelay<<min(st.failures-1, 16))
	wait := ceiling/2 + rand.N(ceiling/2+1)
	var e *Error
	if errors.As(cause, &e) && e.RetryAfter > 0 {
		wait = e.RetryAfter
	}
	_ = sleep(st.ctx, wait)
}

// permanent: an answer that reconnecting cannot change.
func permanent(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Status >= 400 && e.Status < 500 && e.Status != http.StatusTooManyRequests && e.Status != http.StatusRequestTimeout
}

func parseEvent(raw sse.Event) StreamEvent {
	ev := StreamEvent{ID: raw.LastEventID, Type: raw.Type, Data: json.RawMessage(raw.Data)}
	var body struct {
		Notification *Notification `json:"notification"`
		UnreadCount  int           `json:"unread_count"`
		UnseenCount  int           `json:"unseen_count"`
	}
	if json.Unmarshal([]byte(raw.Data), &body) == nil {
		ev.Notification, ev.UnreadCount, ev.UnseenCount = body.Notification, body.UnreadCount, body.UnseenCount
	}
	return ev
}

type activityReader struct {
	r     io.Reader
	touch func()
}

func (a *activityReader) Read(p []byte) (int, error) {
	n, err := a.r.Read(p)
	if n > 0 {
		a.touch()
	}
	return n, err
}

type closer struct {
	io.Reader
	close func() error
}

func (c *closer) Close() error { return c.close() }
