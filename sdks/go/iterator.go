package herald

import "context"

// ListOption configures a listing (Recipients.List, Feed.List).
type ListOption func(*listOptions)

type listOptions struct {
	pageSize int
	unread   bool
	tab      Tab
}

// PageSize sets how many items each request fetches (the API's `limit`; its default when unset).
func PageSize(n int) ListOption { return func(o *listOptions) { o.pageSize = n } }

func listOptionsOf(opts []ListOption) listOptions {
	var o listOptions
	for _, f := range opts {
		f(&o)
	}
	return o
}

func (o listOptions) limit() *int {
	if o.pageSize <= 0 {
		return nil
	}
	return &o.pageSize
}

// pager walks a cursor-paged list: it fetches a page when the previous one is used up, until a
// page comes back without a next cursor.
type pager[T any] struct {
	ctx   context.Context
	fetch func(ctx context.Context, cursor *string) (items []T, next *string, err error)
	page  []T
	i     int
	next  *string
	begun bool
	err   error
}

func newPager[T any](ctx context.Context, fetch func(context.Context, *string) ([]T, *string, error)) pager[T] {
	return pager[T]{ctx: ctx, fetch: fetch, i: -1}
}

func (p *pager[T]) advance() bool {
	for p.err == nil {
		if p.i+1 < len(p.page) {
			p.i++
			return true
		}
		if p.begun && p.next == nil {
			return false
		}
		items, next, err := p.fetch(p.ctx, p.next)
		if err != nil {
			p.err = err
			return false
		}
		p.begun, p.page, p.i, p.next = true, items, -1, next
	}
	return false
}

func (p *pager[T]) current() *T {
	if p.i < 0 || p.i >= len(p.page) {
		return nil
	}
	return &p.page[p.i]
}

// RecipientIterator walks every recipient, in creation order, page after page:
//
//	it := c.Recipients.List(ctx)
//	for it.Next() {
//		r := it.Recipient()
//	}
//	if err := it.Err(); err != nil { … }
type RecipientIterator struct{ p pager[Recipient] }

// Next moves to the next recipient, fetching a page when needed; false at the end or on an error.
func (it *RecipientIterator) Next() bool { return it.p.advance() }

// Recipient is the current recipient (valid after Next returned true).
func (it *RecipientIterator) Recipient() *Recipient { return it.p.current() }

// Err is the error that ended the iteration, nil when it ended with the last page.
func (it *RecipientIterator) Err() error { return it.p.err }

// NotificationIterator walks a recipient's feed, newest first, page after page (see Feed.List);
// used like RecipientIterator.
type NotificationIterator struct{ p pager[Notification] }

// Next moves to the next notification, fetching a page when needed; false at the end or on an error.
func (it *NotificationIterator) Next() bool { return it.p.advance() }

// Notification is the current notification (valid after Next returned true).
func (it *NotificationIterator) Notification() *Notification { return it.p.current() }

// Err is the error that ended the iteration, nil when it ended with the last page.
func (it *NotificationIterator) Err() error { return it.p.err }
