package herald_test

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	herald "github.com/herald-dev/herald/sdks/go"
)

func TestLiveRecipientLifecycle(t *testing.T) {
	ctx, env := liveStack(t)
	c := env.full
	id := "alice-" + suffix()

	r, err := c.Recipients.Create(ctx, herald.CreateRecipient{ID: id, Name: herald.Ptr("Alice")})
	if err != nil {
		t.Fatal(err)
	}
	if r.ID != id || r.Name == nil || *r.Name != "Alice" || r.CreatedAt == "" {
		t.Fatalf("created %+v", r)
	}
	if _, err := c.Recipients.Create(ctx, herald.CreateRecipient{ID: id}); !errors.Is(err, herald.ErrConflict) {
		t.Fatalf("creating it again: err = %v, want a 409", err)
	}
	r, err = c.Recipients.Update(ctx, id, herald.UpdateRecipient{Name: herald.Ptr("Alice Liddell")})
	if err != nil || *r.Name != "Alice Liddell" {
		t.Fatalf("update: %+v, %v", r, err)
	}
	if r, err = c.Recipients.Get(ctx, id); err != nil || *r.Name != "Alice Liddell" {
		t.Fatalf("read back: %+v, %v", r, err)
	}
	if err := c.Recipients.Delete(ctx, id); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Recipients.Get(ctx, id); !errors.Is(err, herald.ErrNotFound) {
		t.Fatalf("after delete: err = %v, want a 404", err)
	}
}

func TestLiveContacts(t *testing.T) {
	ctx, env := liveStack(t)
	c := env.full
	id := "carol-" + suffix()
	if _, err := c.Recipients.Create(ctx, herald.CreateRecipient{ID: id}); err != nil {
		t.Fatal(err)
	}

	added, err := c.Contacts.Add(ctx, id, herald.AddContact{Medium: "email", Address: "Carol@Example.com", IsPrimary: herald.Ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	if added.Address != "carol@example.com" || !added.IsPrimary || added.Medium != "email" {
		t.Fatalf("added %+v", added)
	}
	if _, err := c.Contacts.Add(ctx, id, herald.AddContact{Medium: "email", Address: "carol@example.com"}); !errors.Is(err, herald.ErrConflict) {
		t.Fatalf("a duplicate: err = %v, want a 409", err)
	}
	if _, err := c.Contacts.Verify(ctx, id, added.ID); err != nil {
		t.Fatal(err)
	}

	// Set primary with another address: the primary is changed in place, its verification reset.
	primary, err := c.Contacts.SetPrimary(ctx, id, herald.SetPrimaryContact{Medium: "email", Address: "carol@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	if primary.ID != added.ID || primary.Address != "carol@example.org" || primary.VerifiedAt != nil || !primary.IsPrimary {
		t.Fatalf("set primary: %+v (added %+v)", primary, added)
	}
	// The same again: no change (safe to repeat).
	again, err := c.Contacts.SetPrimary(ctx, id, herald.SetPrimaryContact{Medium: "email", Address: "carol@example.org"})
	if err != nil || again.ID != primary.ID || again.UpdatedAt != primary.UpdatedAt {
		t.Fatalf("set primary again: %+v, %v", again, err)
	}

	second, err := c.Contacts.Add(ctx, id, herald.AddContact{Medium: "email", Address: "carol@work.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	if second.IsPrimary {
		t.Fatalf("a second contact became primary: %+v", second)
	}
	all, err := c.Contacts.List(ctx, id)
	if err != nil || len(all) != 2 {
		t.Fatalf("list: %+v, %v", all, err)
	}
	if err := c.Contacts.Delete(ctx, id, second.ID); err != nil {
		t.Fatal(err)
	}
	if all, err = c.Contacts.List(ctx, id); err != nil || len(all) != 1 || all[0].ID != primary.ID {
		t.Fatalf("after delete: %+v, %v", all, err)
	}
}

func TestLiveListPaginatesOver250Recipients(t *testing.T) {
	ctx, env := liveStack(t)
	// A project of its own: the listing holds exactly these recipients.
	created, err := env.admin.Admin.CreateProject(ctx, herald.CreateProject{Name: "go-sdk-list-" + suffix()})
	if err != nil {
		t.Fatal(err)
	}
	counter := &countingTransport{}
	c, err := herald.New(env.url, herald.WithAPIKey(keyOf(created, "full")), herald.WithHTTPClient(&http.Client{Transport: counter}))
	if err != nil {
		t.Fatal(err)
	}
	const total = 250
	var want []string
	for start := 0; start < total; start += 100 {
		var batch []herald.CreateRecipient
		for i := start; i < min(start+100, total); i++ {
			id := fmt.Sprintf("user-%03d", i)
			want = append(want, id)
			batch = append(batch, herald.CreateRecipient{ID: id})
		}
		res, err := c.Recipients.Batch(ctx, batch)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Created) != len(batch) || len(res.Failed) != 0 {
			t.Fatalf("batch from %d: %d created, failures %+v", start, len(res.Created), res.Failed)
		}
	}

	before := counter.requests.Load()
	var got []string
	it := c.Recipients.List(ctx, herald.PageSize(100))
	for it.Next() {
		got = append(got, it.Recipient().ID)
	}
	if err := it.Err(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("listed %d recipients %v…, want the %d created, in creation order", len(got), got[:min(5, len(got))], total)
	}
	if pages := counter.requests.Load() - before; pages != 3 {
		t.Fatalf("%d page requests, want 3 (100 + 100 + 50)", pages)
	}
}

func TestLiveSearchFindsRecipientsByIDOrNamePrefix(t *testing.T) {
	ctx, env := liveStack(t)
	created, err := env.admin.Admin.CreateProject(ctx, herald.CreateProject{Name: "go-sdk-search-" + suffix()})
	if err != nil {
		t.Fatal(err)
	}
	c, err := herald.New(env.url, herald.WithAPIKey(keyOf(created, "full")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Recipients.Batch(ctx, []herald.CreateRecipient{{ID: "ada"}, {ID: "adam"}, {ID: "grace", Name: herald.Ptr("Admiral")}}); err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string]string{"ada": "ada,adam", "Adm": "grace", "zed": ""} {
		found, err := c.Recipients.Search(ctx, q, 10)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, r := range found {
			ids = append(ids, r.ID)
		}
		if strings.Join(ids, ",") != want {
			t.Fatalf("search %q found %v, want %s", q, ids, want)
		}
	}
}

func TestLiveErrorFamilies(t *testing.T) {
	ctx, env := liveStack(t)
	c := env.full
	t.Run("when a recipient route fails, then *Error carries the {message, code} family", func(t *testing.T) {
		_, err := c.Recipients.Get(ctx, "nobody-"+suffix())
		var e *herald.Error
		if !errors.As(err, &e) || e.Status != 404 || e.Family != "message" || e.Code == "" || e.Message == "" || e.RequestID == "" {
			t.Fatalf("err = %#v", err)
		}
	})
	t.Run("when a catalog route fails, then *Error carries the {error, details} family", func(t *testing.T) {
		_, err := c.Catalog.Get(ctx, 999999999)
		var e *herald.Error
		if !errors.As(err, &e) || e.Status != 404 || e.Family != "error" || e.Code == "" || e.Message == "" || !errors.Is(err, herald.ErrNotFound) {
			t.Fatalf("err = %#v", err)
		}
	})
	t.Run("when a body is invalid, then each offending property is listed", func(t *testing.T) {
		_, err := c.Catalog.Create(ctx, herald.CatalogEntryInput{Channel: "", Topic: "none", Event: "e", Name: "n"})
		var e *herald.Error
		if !errors.As(err, &e) || e.Status != 400 || e.Family != "error" || len(e.Errors) == 0 || !errors.Is(err, herald.ErrValidation) {
			t.Fatalf("err = %#v", err)
		}
	})
	t.Run("when the credential is wrong, then it is a 401", func(t *testing.T) {
		bad, err := herald.New(env.url, herald.WithAPIKey("nk_full_not-a-key"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := bad.Recipients.Get(ctx, "x"); !errors.Is(err, herald.ErrUnauthorized) {
			t.Fatalf("err = %v", err)
		}
	})
}
