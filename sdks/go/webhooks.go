package herald

import (
	"context"
	"strconv"

	"github.com/herald-dev/herald/sdks/go/api"
)

// WebhooksService: the project's webhook endpoints (Full key) and their delivery log. Herald
// signs each request per Standard Webhooks; check it on arrival with VerifyWebhook.
type WebhooksService struct{ c *Client }

// Create adds an endpoint. The answer's Secret (whsec_…) is shown only here and on RotateSecret.
func (s *WebhooksService) Create(ctx context.Context, in CreateWebhook) (*WebhookWithSecret, error) {
	out, err := decode[api.PostWebhooks201JSONResponseBody](s.c.api.PostWebhooks(ctx, in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// List returns the project's endpoints.
func (s *WebhooksService) List(ctx context.Context) ([]Webhook, error) {
	out, err := decode[api.GetWebhooks200JSONResponseBody](s.c.api.GetWebhooks(ctx))
	if err != nil {
		return nil, err
	}
	return out.Data.Webhooks, nil
}

// Get reads an endpoint.
func (s *WebhooksService) Get(ctx context.Context, id int) (*Webhook, error) {
	out, err := decode[api.GetWebhooksID200JSONResponseBody](s.c.api.GetWebhooksID(ctx, strconv.Itoa(id)))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Update changes an endpoint (Enabled: true re-enables a disabled one).
func (s *WebhooksService) Update(ctx context.Context, id int, in UpdateWebhook) (*Webhook, error) {
	out, err := decode[api.PatchWebhooksID200JSONResponseBody](s.c.api.PatchWebhooksID(ctx, strconv.Itoa(id), in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Delete removes an endpoint.
func (s *WebhooksService) Delete(ctx context.Context, id int) error {
	_, err := decode[api.DeleteWebhooksID200JSONResponseBody](s.c.api.DeleteWebhooksID(ctx, strconv.Itoa(id)))
	return err
}

// RotateSecret issues a new secret; the previous one keeps signing alongside it for a while.
func (s *WebhooksService) RotateSecret(ctx context.Context, id int) (*WebhookWithSecret, error) {
	out, err := decode[api.PostWebhooksIDRotateSecret200JSONResponseBody](s.c.api.PostWebhooksIDRotateSecret(ctx, strconv.Itoa(id)))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Test queues a `webhook.test` event to the endpoint and returns its delivery.
func (s *WebhooksService) Test(ctx context.Context, id int) (*WebhookDelivery, error) {
	out, err := decode[api.PostWebhooksIDTest200JSONResponseBody](s.c.api.PostWebhooksIDTest(ctx, strconv.Itoa(id)))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Deliveries walks an endpoint's delivery log, newest first.
func (s *WebhooksService) Deliveries(ctx context.Context, id int, opts ...ListOption) *WebhookDeliveryIterator {
	o := listOptionsOf(opts)
	return &WebhookDeliveryIterator{newPager(ctx, func(ctx context.Context, cursor *string) ([]WebhookDelivery, *string, error) {
		params := &api.GetWebhooksIDDeliveriesParams{Limit: o.limit(), Cursor: cursor}
		out, err := decode[api.GetWebhooksIDDeliveries200JSONResponseBody](s.c.api.GetWebhooksIDDeliveries(ctx, strconv.Itoa(id), params))
		if err != nil {
			return nil, nil, err
		}
		return out.Data.Deliveries, out.Data.NextCursor, nil
	})}
}

// RetryDelivery attempts a delivery again now.
func (s *WebhooksService) RetryDelivery(ctx context.Context, id, deliveryID int) (*WebhookDelivery, error) {
	out, err := decode[api.PostWebhooksIDDeliveriesDeliveryIDRetry200JSONResponseBody](
		s.c.api.PostWebhooksIDDeliveriesDeliveryIDRetry(ctx, strconv.Itoa(id), strconv.Itoa(deliveryID)))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// WebhookDeliveryIterator walks a delivery log page after page; used like RecipientIterator.
type WebhookDeliveryIterator struct{ p pager[WebhookDelivery] }

// Next moves to the next delivery, fetching a page when needed; false at the end or on an error.
func (it *WebhookDeliveryIterator) Next() bool { return it.p.advance() }

// Delivery is the current delivery (valid after Next returned true).
func (it *WebhookDeliveryIterator) Delivery() *WebhookDelivery { return it.p.current() }

// Err is the error that ended the iteration, nil when it ended with the last page.
func (it *WebhookDeliveryIterator) Err() error { return it.p.err }
