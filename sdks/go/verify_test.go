package herald

import (
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// The Standard Webhooks specification's published test vector (as in libs/webhook-signature).
const (
	vectorSecret    = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	vectorID        = "msg_p5jXN8AQM9LWM0D4loKWxJek"
	vectorTimestamp = "1614265330"
	vectorBody      = `{"test": 2432232314}`
	vectorSignature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
)

func vectorHeaders() http.Header {
	// Lowercase keys, as a hand-built map would have them.
	return http.Header{"webhook-id": {vectorID}, "webhook-timestamp": {vectorTimestamp}, "webhook-signature": {vectorSignature}}
}

func TestVerifyWebhookWithTheSpecificationVector(t *testing.T) {
	t.Run("when the vector's signature is checked, then it matches", func(t *testing.T) {
		if err := verifyWebhook([]byte(vectorBody), vectorHeaders(), vectorSecret, false); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("when the vector's 2021 timestamp is checked against now, then it is too old", func(t *testing.T) {
		err := VerifyWebhook([]byte(vectorBody), vectorHeaders(), vectorSecret)
		if !errors.Is(err, ErrInvalidWebhook) || !errors.Is(err, standardwebhooks.ErrMessageTooOld) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("when the body, id or secret differ, then no signature matches", func(t *testing.T) {
		other := vectorHeaders()
		other["webhook-id"] = []string{"msg_other"}
		for _, tc := range []struct {
			body    string
			headers http.Header
			secret  string
		}{
			{`{"test": 2432232315}`, vectorHeaders(), vectorSecret},
			{vectorBody, other, vectorSecret},
			{vectorBody, vectorHeaders(), "whsec_" + "QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUE="},
		} {
			err := verifyWebhook([]byte(tc.body), tc.headers, tc.secret, false)
			if !errors.Is(err, ErrInvalidWebhook) || !errors.Is(err, standardwebhooks.ErrNoMatchingSignature) {
				t.Fatalf("err = %v", err)
			}
		}
	})
}

func TestVerifyWebhookOfAFreshRequest(t *testing.T) {
	wh, err := standardwebhooks.NewWebhook(vectorSecret)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	sig, err := wh.Sign("msg_1", now, []byte(vectorBody))
	if err != nil {
		t.Fatal(err)
	}
	h := http.Header{}
	h.Set("Webhook-Id", "msg_1")
	h.Set("Webhook-Timestamp", strconv.FormatInt(now.Unix(), 10))
	// Two signatures during a secret rotation: the one of this secret is the second.
	h.Set("Webhook-Signature", "v1,bm90IHRoaXMgb25l "+sig)
	if err := VerifyWebhook([]byte(vectorBody), h, vectorSecret); err != nil {
		t.Fatal(err)
	}
	h.Del("Webhook-Signature")
	if err := VerifyWebhook([]byte(vectorBody), h, vectorSecret); !errors.Is(err, standardwebhooks.ErrRequiredHeaders) {
		t.Fatalf("without a signature: err = %v", err)
	}
}
