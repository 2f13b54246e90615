package herald

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestTimelineReadsTheStepsInOrder(t *testing.T) {
	var seen string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = r.Method + " " + r.URL.RequestURI()
		w.Header().Set("content-type", "application/json")
		_, _ = w.Write([]byte(`{"data":{"steps":[` +
			`{"at":"2026-03-02T09:00:00Z","kind":"accepted","medium":null,"status":"delivered","provider":null,"detail":null,"attempts":null,"digest_id":null,"webhook_id":null,"webhook_url":null,"event_type":null,"response_status":null,"latency_ms":null},` +
			`{"at":"2026-03-02T09:00:02Z","kind":"webhook","medium":null,"status":"succeeded","provider":null,"detail":null,"attempts":null,"digest_id":null,"webhook_id":3,"webhook_url":"https://hooks.test/h","event_type":"email.sent","response_status":204,"latency_ms":12}]}}`))
	}))
	defer srv.Close()
	c, err := New(srv.URL, WithAPIKey("nk_test"))
	if err != nil {
		t.Fatal(err)
	}
	tl, err := c.Notifications.Timeline(context.Background(), 42)
	if err != nil || seen != "GET /notifications/42/timeline" || len(tl.Steps) != 2 || tl.Steps[1].ResponseStatus == nil || *tl.Steps[1].ResponseStatus != 204 {
		t.Fatalf("when a timeline is read, then its steps come in order: %+v %v %q", tl, err, seen)
	}
}
