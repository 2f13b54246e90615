package herald

import (
	"errors"
	"fmt"
	"net/http"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// ErrInvalidWebhook: errors.Is(err, ErrInvalidWebhook) for every VerifyWebhook failure.
var ErrInvalidWebhook = errors.New("herald: webhook not verified")

// VerifyWebhook checks that a webhook request comes from Herald (Standard Webhooks, with the
// reference library of the specification): a v1 signature of the request's webhook-id,
// webhook-timestamp and body by secret (whsec_…; during a rotation either secret matches), and a
// timestamp within 5 minutes of now. body must be the raw body exactly as received, before any
// JSON decoding. The error wraps ErrInvalidWebhook and the reason.
func VerifyWebhook(body []byte, headers http.Header, secret string) error {
	return verifyWebhook(body, headers, secret, true)
}

func verifyWebhook(body []byte, headers http.Header, secret string, checkTime bool) error {
	wh, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		return fmt.Errorf("%w: the secret is not a whsec_ base64 secret: %w", ErrInvalidWebhook, err)
	}
	// Header names in any case (a map built by hand with lowercase keys included).
	canonical := make(http.Header, len(headers))
	for k, v := range headers {
		key := http.CanonicalHeaderKey(k)
		canonical[key] = append(canonical[key], v...)
	}
	verify := wh.Verify
	if !checkTime {
		verify = wh.VerifyIgnoringTimestamp
	}
	if err := verify(body, canonical); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidWebhook, err)
	}
	return nil
}
