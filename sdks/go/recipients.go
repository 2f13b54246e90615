package herald

import (
	"context"

	"github.com/herald-dev/herald/sdks/go/api"
)

// RecipientsService: the project's recipients (the end users notifications go to).
type RecipientsService struct{ c *Client }

// Create adds a recipient (Full key). An existing id is a 409 (errors.Is(err, ErrConflict)).
func (s *RecipientsService) Create(ctx context.Context, in CreateRecipient) (*Recipient, error) {
	out, err := decode[api.PostRecipients201JSONResponseBody](s.c.api.PostRecipients(ctx, in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Get reads one recipient.
func (s *RecipientsService) Get(ctx context.Context, id string) (*Recipient, error) {
	out, err := decode[api.GetRecipientsRecipientID200JSONResponseBody](s.c.api.GetRecipientsRecipientID(ctx, id))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Update changes a recipient's name (Full key).
func (s *RecipientsService) Update(ctx context.Context, id string, in UpdateRecipient) (*Recipient, error) {
	out, err := decode[api.PatchRecipientsRecipientID200JSONResponseBody](s.c.api.PatchRecipientsRecipientID(ctx, id, in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Delete removes a recipient with its contacts, preferences and feed.
func (s *RecipientsService) Delete(ctx context.Context, id string) error {
	_, err := decode[api.DeleteRecipientsRecipientID200JSONResponseBody](s.c.api.DeleteRecipientsRecipientID(ctx, id))
	return err
}

// Batch creates or updates up to 1,000 recipients in one call (Full key). Each item succeeds or
// fails on its own: new ids are listed in Created, existing ones in Updated, invalid ones in Failed.
func (s *RecipientsService) Batch(ctx context.Context, recipients []CreateRecipient) (*BatchResult, error) {
	items := make([]any, len(recipients))
	for i, r := range recipients {
		items[i] = r
	}
	out, err := decode[api.PostRecipientsBatch200JSONResponseBody](s.c.api.PostRecipientsBatch(ctx, api.PostRecipientsBatchJSONRequestBody{Recipients: items}))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// List walks every recipient of the project in creation order, following next_cursor.
func (s *RecipientsService) List(ctx context.Context, opts ...ListOption) *RecipientIterator {
	o := listOptionsOf(opts)
	return &RecipientIterator{newPager(ctx, func(ctx context.Context, cursor *string) ([]Recipient, *string, error) {
		out, err := decode[api.GetRecipients200JSONResponseBody](s.c.api.GetRecipients(ctx, &api.GetRecipientsParams{Limit: o.limit(), Cursor: cursor}))
		if err != nil {
			return nil, nil, err
		}
		return out.Data.Recipients, out.Data.NextCursor, nil
	})}
}

// Search answers the recipients whose id, name or a contact address starts with q (case as
// typed), in id order: at most limit of them (0: the server's default).
func (s *RecipientsService) Search(ctx context.Context, q string, limit int) ([]Recipient, error) {
	params := &api.GetRecipientsParams{Q: &q}
	if limit > 0 {
		params.Limit = &limit
	}
	out, err := decode[api.GetRecipients200JSONResponseBody](s.c.api.GetRecipients(ctx, params))
	if err != nil {
		return nil, err
	}
	return out.Data.Recipients, nil
}

// CreateToken mints a recipient token (Full key): the credential to hand to that recipient's
// browser or app, valid for the recipient's own routes only (feed, stream, contacts, preferences).
func (s *RecipientsService) CreateToken(ctx context.Context, id string, in CreateToken) (*RecipientToken, error) {
	out, err := decode[api.PostRecipientsRecipientIDTokens201JSONResponseBody](s.c.api.PostRecipientsRecipientIDTokens(ctx, id, in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}
