package herald

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestListsSubscribersFollowTheCursor(t *testing.T) {
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, r.Method+" "+r.URL.RequestURI())
		w.Header().Set("content-type", "application/json")
		if r.URL.Query().Get("cursor") == "" {
			_, _ = w.Write([]byte(`{"data":{"subscribers":[{"recipient_id":"a"},{"recipient_id":"b"}],"next_cursor":"czE6Yg"}}`))
			return
		}
		_, _ = w.Write([]byte(`{"data":{"subscribers":[{"recipient_id":"c"}],"next_cursor":null}}`))
	}))
	defer srv.Close()
	c, err := New(srv.URL, WithAPIKey("nk_test"))
	if err != nil {
		t.Fatal(err)
	}
	it := c.Lists.Subscribers(context.Background(), "team:a", PageSize(2))
	var ids []string
	for it.Next() {
		ids = append(ids, it.RecipientID())
	}
	if it.Err() != nil || len(ids) != 3 || ids[2] != "c" {
		t.Fatalf("when subscribers are walked, then every id comes once: got %v, %v", ids, it.Err())
	}
	if len(seen) != 2 || seen[1] != "GET /lists/team:a/subscriptions?limit=2&cursor=czE6Yg" {
		t.Fatalf("requests: %v", seen)
	}
}

func TestListsSubscribeSendsTheIds(t *testing.T) {
	var body map[string][]string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewDecoder(r.Body).Decode(&body)
		w.Header().Set("content-type", "application/json")
		_, _ = w.Write([]byte(`{"data":{"subscribed":1,"already":1,"failed":[]}}`))
	}))
	defer srv.Close()
	c, err := New(srv.URL, WithAPIKey("nk_test"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Lists.Subscribe(context.Background(), "team", []string{"a", "b"})
	if err != nil || res.Subscribed != 1 || res.Already != 1 || len(body["recipient_ids"]) != 2 {
		t.Fatalf("when two ids are subscribed, then both are sent and the counts read: %+v %v %v", res, err, body)
	}
}

func TestListsSelfServiceFollowTheCursorAndSaySubscribed(t *testing.T) {
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, r.URL.RequestURI())
		w.Header().Set("content-type", "application/json")
		list := `"name":"N","description":null,"self_service":true,"subscriber_count":1,"created_at":"2026-03-02T09:30:00Z","updated_at":"2026-03-02T09:30:00Z"`
		if r.URL.Query().Get("cursor") == "" {
			_, _ = w.Write([]byte(`{"data":{"lists":[{"key":"a",` + list + `,"subscribed":false}],"next_cursor":"bDE6YQ"}}`))
			return
		}
		_, _ = w.Write([]byte(`{"data":{"lists":[{"key":"b",` + list + `,"subscribed":true}],"next_cursor":null}}`))
	}))
	defer srv.Close()
	c, err := New(srv.URL, WithAPIKey("nk_test"))
	if err != nil {
		t.Fatal(err)
	}
	it := c.Lists.SelfService(context.Background(), "me", PageSize(1))
	var got []string
	for it.Next() {
		l := it.List()
		got = append(got, l.Key+":"+map[bool]string{true: "in", false: "out"}[l.Subscribed != nil && *l.Subscribed])
	}
	if it.Err() != nil || len(got) != 2 || got[0] != "a:out" || got[1] != "b:in" {
		t.Fatalf("when self-service lists are walked, then each says whether the recipient is on it: got %v, %v", got, it.Err())
	}
	if len(seen) != 2 || seen[1] != "/recipients/me/lists?self_service=true&limit=1&cursor=bDE6YQ" {
		t.Fatalf("requests: %v", seen)
	}
}
