package herald

import (
	"context"
	"strconv"
	"time"

	"github.com/herald-dev/herald/sdks/go/api"
)

// FeedService: a recipient's in-app feed (what an inbox shows), its unread count, read flags and
// live stream. Usable with a Full key, or with that recipient's token (Recipients.CreateToken).
type FeedService struct{ c *Client }

// Tab is one kind of notification of the feed: those whose target has these values (empty: any).
type Tab struct {
	Channel, Topic, Event string
}

func optional(v string) *string {
	if v == "" {
		return nil
	}
	return &v
}

// InTab keeps only the notifications of this tab in Feed.List.
func InTab(t Tab) ListOption { return func(o *listOptions) { o.tab = t } }

// Unread keeps only unread notifications in Feed.List.
func Unread() ListOption { return func(o *listOptions) { o.unread = true } }

// List walks a recipient's feed, newest first, following next_cursor.
func (s *FeedService) List(ctx context.Context, recipientID string, opts ...ListOption) *NotificationIterator {
	o := listOptionsOf(opts)
	params := api.GetRecipientsRecipientIDNotificationsParams{Limit: o.limit(), Channel: optional(o.tab.Channel), Topic: optional(o.tab.Topic), Event: optional(o.tab.Event)}
	if o.unread {
		params.Read = Ptr(api.GetRecipientsRecipientIDNotificationsParamsReadFalse)
	}
	return &NotificationIterator{newPager(ctx, func(ctx context.Context, cursor *string) ([]Notification, *string, error) {
		page := params
		page.Cursor = cursor
		out, err := decode[api.GetRecipientsRecipientIDNotifications200JSONResponseBody](s.c.api.GetRecipientsRecipientIDNotifications(ctx, recipientID, &page))
		if err != nil {
			return nil, nil, err
		}
		return out.Data.Notifications, out.Data.NextCursor, nil
	})}
}

// UnreadCount is the number of unread notifications in the recipient's feed.
func (s *FeedService) UnreadCount(ctx context.Context, recipientID string) (int, error) {
	out, err := decode[api.GetRecipientsRecipientIDNotificationsUnreadCount200JSONResponseBody](s.c.api.GetRecipientsRecipientIDNotificationsUnreadCount(ctx, recipientID))
	if err != nil {
		return 0, err
	}
	return out.Data.UnreadCount, nil
}

// Update sets a notification's read or opened flag.
func (s *FeedService) Update(ctx context.Context, recipientID string, notificationID int, in UpdateNotification) (*Notification, error) {
	out, err := decode[api.PatchRecipientsRecipientIDNotificationsNotificationID200JSONResponseBody](
		s.c.api.PatchRecipientsRecipientIDNotificationsNotificationID(ctx, recipientID, strconv.Itoa(notificationID), in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Snooze takes a notification out of the feed and its counts until `until` (at most 90 days
// ahead); it then comes back as new (unread, unseen).
func (s *FeedService) Snooze(ctx context.Context, recipientID string, notificationID int, until time.Time) (*Notification, error) {
	return s.Update(ctx, recipientID, notificationID, UpdateNotification{SnoozedUntil: Ptr(until.UTC().Format(time.RFC3339Nano))})
}

// MarkAllRead marks every notification of the feed (of one tab, given one) read and returns how many changed.
func (s *FeedService) MarkAllRead(ctx context.Context, recipientID string, tab ...Tab) (int, error) {
	var t Tab
	if len(tab) > 0 {
		t = tab[0]
	}
	params := api.PostRecipientsRecipientIDNotificationsMarkAllReadParams{Channel: optional(t.Channel), Topic: optional(t.Topic), Event: optional(t.Event)}
	out, err := decode[api.PostRecipientsRecipientIDNotificationsMarkAllRead200JSONResponseBody](s.c.api.PostRecipientsRecipientIDNotificationsMarkAllRead(ctx, recipientID, &params))
	if err != nil {
		return 0, err
	}
	return out.Data.Updated, nil
}
