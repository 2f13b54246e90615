package herald

import (
	"context"

	"github.com/herald-dev/herald/sdks/go/api"
)

// The list resources and request bodies, under names for this package.
type (
	List              = api.List
	SelfServiceList   = api.RecipientListEntry               // GET /recipients/{id}/lists?self_service=true: a list with Subscribed
	CreateList        = api.ListInput                        // POST /lists
	UpdateList        = api.PatchListsListKeyJSONRequestBody // PATCH /lists/{key}
	SubscribeResult   = api.ListSubscribeResult              // PUT /lists/{key}/subscriptions
	UnsubscribeResult = api.ListUnsubscribeResult            // DELETE /lists/{key}/subscriptions
)

// ListsService: lists (audiences recipients subscribe to) and their subscriptions.
type ListsService struct{ c *Client }

// Create adds a list (Full key). A key already taken is a 409 (errors.Is(err, ErrConflict)).
func (s *ListsService) Create(ctx context.Context, in CreateList) (*List, error) {
	out, err := decode[api.PostLists201JSONResponseBody](s.c.api.PostLists(ctx, in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Get reads one list; an unknown key is a 404 (code list_not_found).
func (s *ListsService) Get(ctx context.Context, key string) (*List, error) {
	out, err := decode[api.GetListsListKey200JSONResponseBody](s.c.api.GetListsListKey(ctx, key))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Update changes a list's name, description or self_service flag.
func (s *ListsService) Update(ctx context.Context, key string, in UpdateList) (*List, error) {
	out, err := decode[api.PatchListsListKey200JSONResponseBody](s.c.api.PatchListsListKey(ctx, key, in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Delete removes a list and its subscriptions.
func (s *ListsService) Delete(ctx context.Context, key string) error {
	_, err := decode[api.DeleteListsListKey200JSONResponseBody](s.c.api.DeleteListsListKey(ctx, key))
	return err
}

// List walks every list of the project in key order, following next_cursor.
func (s *ListsService) List(ctx context.Context, opts ...ListOption) *ListIterator {
	o := listOptionsOf(opts)
	return &ListIterator{newPager(ctx, func(ctx context.Context, cursor *string) ([]List, *string, error) {
		out, err := decode[api.GetLists200JSONResponseBody](s.c.api.GetLists(ctx, &api.GetListsParams{Limit: o.limit(), Cursor: cursor}))
		if err != nil {
			return nil, nil, err
		}
		return out.Data.Lists, out.Data.NextCursor, nil
	})}
}

// Subscribe subscribes 1 to 1,000 recipients (unknown ones are created, as a direct send creates
// them). Idempotent: ids subscribed before count in Already; invalid ids are listed in Failed.
func (s *ListsService) Subscribe(ctx context.Context, key string, recipientIDs []string) (*SubscribeResult, error) {
	body := api.PutListsListKeySubscriptionsJSONRequestBody{RecipientIds: recipientIDs}
	out, err := decode[api.PutListsListKeySubscriptions200JSONResponseBody](s.c.api.PutListsListKeySubscriptions(ctx, key, body))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Unsubscribe unsubscribes 1 to 1,000 recipients; ids that were not subscribed count in Already.
func (s *ListsService) Unsubscribe(ctx context.Context, key string, recipientIDs []string) (*UnsubscribeResult, error) {
	body := api.DeleteListsListKeySubscriptionsJSONRequestBody{RecipientIds: recipientIDs}
	out, err := decode[api.DeleteListsListKeySubscriptions200JSONResponseBody](s.c.api.DeleteListsListKeySubscriptions(ctx, key, body))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Subscribers walks the recipient ids subscribed to a list, in recipient id order.
func (s *ListsService) Subscribers(ctx context.Context, key string, opts ...ListOption) *SubscriberIterator {
	o := listOptionsOf(opts)
	return &SubscriberIterator{newPager(ctx, func(ctx context.Context, cursor *string) ([]string, *string, error) {
		params := &api.GetListsListKeySubscriptionsParams{Limit: o.limit(), Cursor: cursor}
		out, err := decode[api.GetListsListKeySubscriptions200JSONResponseBody](s.c.api.GetListsListKeySubscriptions(ctx, key, params))
		if err != nil {
			return nil, nil, err
		}
		ids := make([]string, len(out.Data.Subscribers))
		for i, sub := range out.Data.Subscribers {
			ids[i] = sub.RecipientID
		}
		return ids, out.Data.NextCursor, nil
	})}
}

// OfRecipient lists the lists a recipient is subscribed to (a recipient token may read its own).
func (s *ListsService) OfRecipient(ctx context.Context, recipientID string) ([]List, error) {
	out, err := decode[api.GetRecipientsRecipientIDLists200JSONResponseBody](s.c.api.GetRecipientsRecipientIDLists(ctx, recipientID, nil))
	if err != nil {
		return nil, err
	}
	lists := make([]List, len(out.Data.Lists))
	for i, l := range out.Data.Lists {
		lists[i] = List{Key: l.Key, Name: l.Name, Description: l.Description, SelfService: l.SelfService, SubscriberCount: l.SubscriberCount, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt}
	}
	return lists, nil
}

// SelfService walks the project's self-service lists (those the recipient may follow or leave) in
// key order, each with Subscribed for this recipient (a recipient token may read its own).
func (s *ListsService) SelfService(ctx context.Context, recipientID string, opts ...ListOption) *SelfServiceListIterator {
	o := listOptionsOf(opts)
	selfService := true
	return &SelfServiceListIterator{newPager(ctx, func(ctx context.Context, cursor *string) ([]SelfServiceList, *string, error) {
		params := &api.GetRecipientsRecipientIDListsParams{SelfService: &selfService, Limit: o.limit(), Cursor: cursor}
		out, err := decode[api.GetRecipientsRecipientIDLists200JSONResponseBody](s.c.api.GetRecipientsRecipientIDLists(ctx, recipientID, params))
		if err != nil {
			return nil, nil, err
		}
		return out.Data.Lists, out.Data.NextCursor, nil
	})}
}

// Join subscribes a recipient to a list; with a recipient token only self_service lists accept it (else 403).
func (s *ListsService) Join(ctx context.Context, recipientID, key string) error {
	_, err := decode[api.PutRecipientsRecipientIDListsListKey200JSONResponseBody](s.c.api.PutRecipientsRecipientIDListsListKey(ctx, recipientID, key))
	return err
}

// Leave unsubscribes a recipient from a list; with a recipient token only self_service lists accept it (else 403).
func (s *ListsService) Leave(ctx context.Context, recipientID, key string) error {
	_, err := decode[api.DeleteRecipientsRecipientIDListsListKey200JSONResponseBody](s.c.api.DeleteRecipientsRecipientIDListsListKey(ctx, recipientID, key))
	return err
}

// ListIterator walks lists page after page (see ListsService.List); used like RecipientIterator.
type ListIterator struct{ p pager[List] }

// Next moves to the next list, fetching a page when needed; false at the end or on an error.
func (it *ListIterator) Next() bool { return it.p.advance() }

// List is the current list (valid after Next returned true).
func (it *ListIterator) List() *List { return it.p.current() }

// Err is the error that ended the iteration, nil when it ended with the last page.
func (it *ListIterator) Err() error { return it.p.err }

// SelfServiceListIterator walks self-service lists (see ListsService.SelfService).
type SelfServiceListIterator struct{ p pager[SelfServiceList] }

// Next moves to the next list, fetching a page when needed; false at the end or on an error.
func (it *SelfServiceListIterator) Next() bool { return it.p.advance() }

// List is the current list, with Subscribed (valid after Next returned true).
func (it *SelfServiceListIterator) List() *SelfServiceList { return it.p.current() }

// Err is the error that ended the iteration, nil when it ended with the last page.
func (it *SelfServiceListIterator) Err() error { return it.p.err }

// SubscriberIterator walks a list's subscriber ids (see ListsService.Subscribers).
type SubscriberIterator struct{ p pager[string] }

// Next moves to the next subscriber, fetching a page when needed; false at the end or on an error.
func (it *SubscriberIterator) Next() bool { return it.p.advance() }

// RecipientID is the current subscriber's recipient id (valid after Next returned true).
func (it *SubscriberIterator) RecipientID() string { return *it.p.current() }

// Err is the error that ended the iteration, nil when it ended with the last page.
func (it *SubscriberIterator) Err() error { return it.p.err }
