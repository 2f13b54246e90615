package herald

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/google/uuid"
	"github.com/herald-dev/herald/sdks/go/api"
)

// NotificationsService: sending (direct and broadcast) and reading sends back.
type NotificationsService struct{ c *Client }

// SendOption configures one send.
type SendOption func(*sendOptions)

type sendOptions struct{ idempotencyKey string }

// IdempotencyKey sets the send's Idempotency-Key: the same key with the same body within the
// next 24 h answers the first send's result instead of sending again (a reuse with another
// body is a 409). Without it each call gets a fresh key, kept across its own retries.
func IdempotencyKey(key string) SendOption { return func(o *sendOptions) { o.idempotencyKey = key } }

// Send sends to one recipient (in.RecipientID; created when unknown) and returns the notification,
// status "enqueued" (or "not_requested" for an email-only send): delivery happens after the call
// returns; read the outcome back with Get. With in.SendAt in the future (at most 90 days ahead)
// the status is "scheduled" until then, and Cancel can still stop it. A nil RecipientID is refused here: a broadcast goes
// through Broadcast, so that forgetting the recipient never notifies everyone.
func (s *NotificationsService) Send(ctx context.Context, in Send, opts ...SendOption) (*Notification, error) {
	if in.RecipientID == nil {
		return nil, errors.New("herald: Send needs a RecipientID (use Notifications.Broadcast to send to every recipient)")
	}
	data, err := s.send(ctx, in, opts)
	if err != nil {
		return nil, err
	}
	if data.Notification == nil {
		return nil, errors.New("herald: the send's answer carries no notification")
	}
	return data.Notification, nil
}

// Broadcast sends to every recipient of the project (in.Target and in.Payload required, no email
// block; in.RecipientID is ignored) and returns the broadcast, fanned out in the background (or,
// with a future in.SendAt, "scheduled" until then: CancelBroadcast can still stop it).
func (s *NotificationsService) Broadcast(ctx context.Context, in Send, opts ...SendOption) (*Broadcast, error) {
	in.RecipientID = nil
	data, err := s.send(ctx, in, opts)
	if err != nil {
		return nil, err
	}
	if data.Broadcast == nil {
		return nil, errors.New("herald: the broadcast's answer carries no broadcast")
	}
	return data.Broadcast, nil
}

// SendToMany sends to the recipients in.RecipientIds (1 to 1,000, duplicates counted once; unknown
// ones are created) or to the subscribers of the list in.List, leaving out in.ExcludeRecipientIds
// (at most 100), with in.Email and in.Sms as a direct send carries them (each capped by the
// project's max_list_recipients_for_<medium>), and returns the broadcast it fans out as (its
// progress, with its email and sms: GetBroadcast) and the ids that failed the recipient id rules
// (left out; the others were sent). in.RecipientID is ignored.
func (s *NotificationsService) SendToMany(ctx context.Context, in Send, opts ...SendOption) (*Broadcast, []BatchFailure, error) {
	if len(in.RecipientIds) == 0 && in.List == nil {
		return nil, nil, errors.New("herald: SendToMany needs RecipientIds or a List (use Notifications.Broadcast to send to every recipient)")
	}
	in.RecipientID = nil
	data, err := s.send(ctx, in, opts)
	if err != nil {
		return nil, nil, err
	}
	if data.Broadcast == nil {
		return nil, nil, errors.New("herald: the send's answer carries no broadcast")
	}
	return data.Broadcast, data.Failed, nil
}

// sendBody is a send's JSON. A broadcast to every recipient keeps its recipient_id as an explicit
// null (the gateway refuses a send naming no audience), which the generated type would leave out.
func sendBody(in Send) (*bytes.Reader, error) {
	raw, err := json.Marshal(in)
	if err != nil {
		return nil, err
	}
	if in.RecipientID != nil || len(in.RecipientIds) > 0 || in.List != nil {
		return bytes.NewReader(raw), nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, err
	}
	fields["recipient_id"] = json.RawMessage("null")
	if raw, err = json.Marshal(fields); err != nil {
		return nil, err
	}
	return bytes.NewReader(raw), nil
}

func (s *NotificationsService) send(ctx context.Context, in Send, opts []SendOption) (*api.PostNotificationsSend201JSONResponseBody_Data, error) {
	var o sendOptions
	for _, f := range opts {
		f(&o)
	}
	if o.idempotencyKey == "" {
		o.idempotencyKey = uuid.NewString()
	}
	params := &api.PostNotificationsSendParams{IdempotencyKey: &o.idempotencyKey}
	body, err := sendBody(in)
	if err != nil {
		return nil, err
	}
	out, err := decode[api.PostNotificationsSend201JSONResponseBody](s.c.api.PostNotificationsSendWithBody(ctx, params, "application/json", body))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Get reads a notification back: its status and, once the worker ran, its email outcome.
func (s *NotificationsService) Get(ctx context.Context, id int) (*Notification, error) {
	out, err := decode[api.GetNotificationsID200JSONResponseBody](s.c.api.GetNotificationsID(ctx, strconv.Itoa(id)))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Timeline reads a notification's steps in time order: accepted, decided, each medium's send,
// escalation, digest and each webhook attempt.
func (s *NotificationsService) Timeline(ctx context.Context, id int) (*Timeline, error) {
	out, err := decode[api.GetNotificationsIDTimeline200JSONResponseBody](s.c.api.GetNotificationsIDTimeline(ctx, strconv.Itoa(id)))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// GetBroadcast reads a broadcast back: its fan-out progress and email outcome.
func (s *NotificationsService) GetBroadcast(ctx context.Context, id int) (*Broadcast, error) {
	out, err := decode[api.GetBroadcastsID200JSONResponseBody](s.c.api.GetBroadcastsID(ctx, strconv.Itoa(id)))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Cancel stops a scheduled send (one made with a future SendAt) and returns it, status "canceled":
// it will never deliver, email or spend quota. Once it has started (or for a send made at once) the
// answer is a 409, code "not_cancelable" (errors.Is(err, herald.ErrConflict)); an unknown id is a
// 404 (ErrNotFound). Canceling an already canceled send answers the canceled send again, so a cancel
// is retried like a read (after a 503 or a lost connection).
func (s *NotificationsService) Cancel(ctx context.Context, id int) (*Notification, error) {
	out, err := decode[api.PostNotificationsIDCancel200JSONResponseBody](s.c.api.PostNotificationsIDCancel(ctx, strconv.Itoa(id)))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// CancelBroadcast stops a scheduled broadcast and returns it, status "canceled"; errors as Cancel.
func (s *NotificationsService) CancelBroadcast(ctx context.Context, id int) (*Broadcast, error) {
	out, err := decode[api.PostBroadcastsIDCancel200JSONResponseBody](s.c.api.PostBroadcastsIDCancel(ctx, strconv.Itoa(id)))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}
