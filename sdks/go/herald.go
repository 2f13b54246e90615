// Package herald is the Go client of the Herald REST API (notification delivery: recipients,
// contacts, preferences, sends, the in-app feed and its live stream, webhooks).
//
// The models and operations are generated from Herald's OpenAPI document by oapi-codegen (package
// api, never edited by hand); this package is the thin layer that makes them pleasant to use:
//
//	c, err := herald.New("http://127.0.0.1:8080", herald.WithAPIKey(key))
//	r, err := c.Recipients.Create(ctx, herald.CreateRecipient{ID: "alice"})
//	n, err := c.Notifications.Send(ctx, herald.Send{RecipientID: herald.Ptr("alice"), Payload: map[string]any{"title": "Hi"}})
//
// Every call takes a context. An error answer of the API is a *Error (Status, Code, Message),
// whichever of Herald's two error-body families the path uses; errors.Is(err, herald.ErrNotFound)
// and the other sentinels classify it. A 429 is retried after its Retry-After (bounded), and
// sends carry an Idempotency-Key so a retried send is delivered once. A Client holds no global
// state: make as many as needed, and share one between goroutines.
package herald

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/herald-dev/herald/sdks/go/api"
)

// Client talks to one Herald gateway with one credential. Its services group the operations.
type Client struct {
	Recipients    *RecipientsService
	Lists         *ListsService
	Contacts      *ContactsService
	Devices       *DevicesService
	Notifications *NotificationsService
	Feed          *FeedService
	Preferences   *PreferencesService
	Catalog       *CatalogService
	Digests       *DigestsService
	Webhooks      *WebhooksService
	// Admin is the operator API: make the client with the gateway's ADMIN_TOKEN as its key.
	Admin *AdminService

	api   *api.Client
	typed *api.ClientWithResponses
	http  *transport
}

// Format prints the client without its credential, whatever the verb (%v, %+v, %#v, %s): the
// default forms would reach the key through the unexported transport.
func (c Client) Format(f fmt.State, _ rune) {
	server := ""
	if c.api != nil {
		server = c.api.Server
	}
	fmt.Fprintf(f, "herald.Client{server: %q, apiKey: [redacted]}", server)
}

// Option configures a Client (see New).
type Option func(*transport)

// WithAPIKey sets the credential sent as `Authorization: Bearer …`: a Full or Recipient key of a
// project, a recipient token (POST /recipients/{id}/tokens), or the admin token for Admin.
func WithAPIKey(key string) Option { return func(t *transport) { t.apiKey = key } }

// WithHTTPClient sends requests through hc (proxies, TLS, instrumentation). Leave its Timeout
// unset if the client follows live streams (Feed.Stream): contexts bound each call instead.
func WithHTTPClient(hc *http.Client) Option { return func(t *transport) { t.client = hc } }

// WithRetries sets how many times a request is repeated after a 429, or after a 503 or a lost
// connection when repeating is safe (reads, PUT, DELETE, sends with an Idempotency-Key).
// Default 3; 0 turns retries off.
func WithRetries(n int) Option { return func(t *transport) { t.retries = max(0, n) } }

// WithMaxRetryWait bounds one wait between attempts (default 10 s). A 429 whose Retry-After is
// longer is returned at once, as a *Error carrying RetryAfter, rather than retried early.
func WithMaxRetryWait(d time.Duration) Option { return func(t *transport) { t.maxWait = d } }

// WithUserAgent replaces the User-Agent header (default "herald-go").
func WithUserAgent(ua string) Option { return func(t *transport) { t.userAgent = ua } }

// New makes a client of the gateway at baseURL (for example http://127.0.0.1:8080).
func New(baseURL string, opts ...Option) (*Client, error) {
	u, err := url.Parse(baseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errors.New("herald: the base URL must be an absolute http(s) URL, e.g. http://127.0.0.1:8080")
	}
	t := &transport{client: &http.Client{}, retries: 3, baseDelay: 250 * time.Millisecond, maxWait: 10 * time.Second, userAgent: "herald-go"}
	for _, o := range opts {
		o(t)
	}
	server := strings.TrimRight(baseURL, "/") + "/"
	raw, err := api.NewClient(server, api.WithHTTPClient(t))
	if err != nil {
		return nil, err
	}
	typed, err := api.NewClientWithResponses(server, api.WithHTTPClient(t))
	if err != nil {
		return nil, err
	}
	c := &Client{api: raw, typed: typed, http: t}
	c.Recipients = &RecipientsService{c}
	c.Lists = &ListsService{c}
	c.Contacts = &ContactsService{c}
	c.Devices = &DevicesService{c}
	c.Notifications = &NotificationsService{c}
	c.Feed = &FeedService{c}
	c.Preferences = &PreferencesService{c}
	c.Catalog = &CatalogService{c}
	c.Digests = &DigestsService{c}
	c.Webhooks = &WebhooksService{c}
	c.Admin = &AdminService{c}
	return c, nil
}

// API is the generated client (package api) over the same connection, credential and retries:
// every operation of the OpenAPI document, for what this package does not wrap.
func (c *Client) API() *api.ClientWithResponses { return c.typed }

// Ptr returns a pointer to v: for the optional fields of request types (RecipientID: herald.Ptr("alice")).
func Ptr[T any](v T) *T { return &v }
