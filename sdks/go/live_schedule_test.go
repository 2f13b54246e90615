package herald_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	herald "github.com/herald-dev/herald/sdks/go"
)

// A scheduled send (SendAt an hour ahead) is "scheduled", Cancel makes it "canceled" (and a repeat
// answers the same); a send that was not scheduled is 409 not_cancelable; unknown ids are 404.
func TestLiveScheduledSendIsCanceled(t *testing.T) {
	ctx, env := liveStack(t)
	c := env.full
	id := "sched-" + suffix()
	target := &herald.TargetInput{Channel: "billing", Topic: "none", Event: "trial.ending"}
	at := time.Now().Add(time.Hour).UTC()

	n, err := c.Notifications.Send(ctx, herald.Send{
		RecipientID: herald.Ptr(id),
		Target:      target,
		Payload:     map[string]any{"title": "Your trial ends tomorrow"},
		Email:       &herald.Email{Subject: "Your trial ends tomorrow", HTML: "<p>Tomorrow</p>"},
		SendAt:      &at,
	})
	if err != nil {
		t.Fatal(err)
	}
	if n.Status != "scheduled" || n.SendAt == nil {
		t.Fatalf("scheduled send %+v", n)
	}
	if when, err := time.Parse(time.RFC3339, *n.SendAt); err != nil || when.Sub(at).Abs() >= time.Second {
		t.Fatalf("send_at %q, sent %s (%v)", *n.SendAt, at, err)
	}
	canceled, err := c.Notifications.Cancel(ctx, n.ID)
	if err != nil {
		t.Fatal(err)
	}
	if canceled.ID != n.ID || canceled.Status != "canceled" || canceled.Email.Status != "skipped" || canceled.Email.Reason == nil || *canceled.Email.Reason != "canceled" {
		t.Fatalf("canceled %+v, email %+v", canceled, canceled.Email)
	}
	if again, err := c.Notifications.Cancel(ctx, n.ID); err != nil || again.Status != "canceled" {
		t.Fatalf("a repeated cancel: %+v, %v (want the canceled send again)", again, err)
	}
	if got, err := c.Notifications.Get(ctx, n.ID); err != nil || got.Status != "canceled" {
		t.Fatalf("read back %+v, %v", got, err)
	}

	// A send made at once has started: 409 not_cancelable, before and after its delivery.
	now, err := c.Notifications.Send(ctx, herald.Send{RecipientID: herald.Ptr(id), Target: target, Payload: map[string]any{"title": "Now"}})
	if err != nil {
		t.Fatal(err)
	}
	eventually(ctx, t, "the immediate send delivered", func() (bool, error) {
		got, err := c.Notifications.Get(ctx, now.ID)
		return err == nil && got.Status == "delivered", err
	})
	_, err = c.Notifications.Cancel(ctx, now.ID)
	var e *herald.Error
	if !errors.As(err, &e) || e.Status != 409 || e.Code != "not_cancelable" || !errors.Is(err, herald.ErrConflict) {
		t.Fatalf("cancel of a delivered send: err = %v, want 409 not_cancelable", err)
	}

	for what, cancel := range map[string]func() error{
		"notification": func() error { _, err := c.Notifications.Cancel(ctx, 999999999999); return err },
		"broadcast":    func() error { _, err := c.Notifications.CancelBroadcast(ctx, 999999999999); return err },
	} {
		err := cancel()
		if !errors.As(err, &e) || !errors.Is(err, herald.ErrNotFound) || e.Code != what+"_not_found" {
			t.Fatalf("cancel of an unknown %s: err = %v, want 404 %s_not_found", what, err, what)
		}
	}
}

func TestLiveScheduledBroadcastIsCanceled(t *testing.T) {
	ctx, env := liveStack(t)
	c := env.full
	at := time.Now().Add(time.Hour)
	b, err := c.Notifications.Broadcast(ctx, herald.Send{
		Target:  &herald.TargetInput{Channel: "news", Topic: "none", Event: "launch"},
		Payload: map[string]any{"title": "Launching in an hour"},
		SendAt:  &at,
	})
	if err != nil {
		t.Fatal(err)
	}
	if b.Status != "scheduled" || b.SendAt == nil {
		t.Fatalf("scheduled broadcast %+v", b)
	}
	canceled, err := c.Notifications.CancelBroadcast(ctx, b.ID)
	if err != nil || canceled.ID != b.ID || canceled.Status != "canceled" {
		t.Fatalf("canceled %+v, %v", canceled, err)
	}
	if got, err := c.Notifications.GetBroadcast(ctx, b.ID); err != nil || got.Status != "canceled" {
		t.Fatalf("read back %+v, %v", got, err)
	}
}

// An email entry with a digest of at most 2 items: two emails make one digest, sent at once (the
// window is full), each notification's email outcome names it, and Digests.Get lists both.
func TestLiveDigestIsRead(t *testing.T) {
	ctx, env := liveStack(t)
	c := env.full
	channel := "social-" + suffix()
	entry, err := c.Catalog.Create(ctx, herald.CatalogEntryInput{
		Channel: channel, Topic: "posts", Event: "commented", Medium: herald.Ptr[herald.CatalogMedium]("email"),
		Name: "Comment digest", DefaultEnabled: true,
		Digest: &herald.CatalogDigest{WindowSeconds: 3600, MaxItems: 2, Subject: "{count} new comments"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if entry.Digest == nil || entry.Digest.MaxItems != 2 || entry.Digest.Subject != "{count} new comments" {
		t.Fatalf("entry %+v, digest %+v", entry, entry.Digest)
	}
	id := "digest-" + suffix()
	if _, err := c.Recipients.Create(ctx, herald.CreateRecipient{ID: id}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Contacts.SetPrimary(ctx, id, herald.SetPrimaryContact{Medium: "email", Address: id + "@inbox.example"}); err != nil {
		t.Fatal(err)
	}
	var ids []int
	for _, i := range []string{"1", "2"} {
		n, err := c.Notifications.Send(ctx, herald.Send{
			RecipientID: herald.Ptr(id),
			Target:      &herald.TargetInput{Channel: channel, Topic: "posts", Event: "commented"},
			Email:       &herald.Email{Subject: "comment " + i, HTML: "<p>comment-" + i + "</p>"},
		})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, n.ID)
	}
	var digestID int
	for _, nid := range ids {
		var n *herald.Notification
		eventually(ctx, t, "the digest item mailed", func() (bool, error) {
			n, err = c.Notifications.Get(ctx, nid)
			return err == nil && n.Email.Status != "pending", err
		})
		if n.Email.Status != "sent" || n.Email.DigestID == nil || (digestID != 0 && *n.Email.DigestID != digestID) {
			t.Fatalf("item %d: email %+v", nid, n.Email)
		}
		digestID = *n.Email.DigestID
	}
	d, err := c.Digests.Get(ctx, digestID)
	if err != nil {
		t.Fatal(err)
	}
	got := slices.Sorted(slices.Values(d.NotificationIds))
	if d.ID != digestID || d.Status != "sent" || d.EntryID != entry.ID || d.RecipientID != id || d.MessageID == nil || !slices.Equal(got, ids) {
		t.Fatalf("digest %+v, want sent with %v", d, ids)
	}
	// CatalogEntryPatch omits a nil Digest (it cannot send null): an Upsert without it removes it.
	entries, err := c.Catalog.Upsert(ctx, []herald.CatalogEntryInput{{
		Channel: channel, Topic: "posts", Event: "commented", Medium: herald.Ptr[herald.CatalogMedium]("email"),
		Name: "Comment digest", DefaultEnabled: true,
	}}, false)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(entries, func(e herald.CatalogEntry) bool { return e.ID == entry.ID })
	if i < 0 || entries[i].Digest != nil {
		t.Fatalf("after an upsert without it: entry %d at %d of %+v", entry.ID, i, entries)
	}
	var e *herald.Error
	if _, err := c.Digests.Get(ctx, 999999999999); !errors.As(err, &e) || !errors.Is(err, herald.ErrNotFound) || e.Code != "digest_not_found" {
		t.Fatalf("an unknown digest: err = %v, want 404 digest_not_found", err)
	}
}

// The email block's escalation fields reach the gateway: a delayed email waits (pending) while
// the in-app notification is delivered; `unless` without a payload is a 400 naming email.unless.
func TestLiveEscalationEmail(t *testing.T) {
	ctx, env := liveStack(t)
	c := env.full
	id := "escalate-" + suffix()
	if _, err := c.Recipients.Create(ctx, herald.CreateRecipient{ID: id}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Contacts.SetPrimary(ctx, id, herald.SetPrimaryContact{Medium: "email", Address: id + "@inbox.example"}); err != nil {
		t.Fatal(err)
	}
	email := herald.Email{Subject: "Invoice paid", HTML: "<p>Thank you!</p>", DelaySeconds: herald.Ptr(3600), Unless: herald.Ptr[herald.EmailUnless]("read")}
	target := &herald.TargetInput{Channel: "billing-" + suffix(), Topic: "none", Event: "invoice.paid"}
	entry := herald.CatalogEntryInput{Channel: target.Channel, Topic: "none", Event: "invoice.paid", Medium: herald.Ptr[herald.CatalogMedium]("email"), Name: "Invoices", DefaultEnabled: true}
	if _, err := c.Catalog.Create(ctx, entry); err != nil {
		t.Fatal(err)
	}
	n, err := c.Notifications.Send(ctx, herald.Send{RecipientID: herald.Ptr(id), Target: target, Payload: map[string]any{"title": "Invoice paid"}, Email: &email})
	if err != nil {
		t.Fatal(err)
	}
	eventually(ctx, t, "the in-app notification delivered", func() (bool, error) {
		n, err = c.Notifications.Get(ctx, n.ID)
		return err == nil && n.Status == "delivered", err
	})
	if n.Email.Status != "pending" {
		t.Fatalf("the email an hour before its time: %s, reason %v, decision %+v", n.Email.Status, deref(n.Email.Reason), n.Decision)
	}
	_, err = c.Notifications.Send(ctx, herald.Send{RecipientID: herald.Ptr(id), Target: target, Email: &email})
	var e *herald.Error
	if !errors.As(err, &e) || e.Status != 400 || !slices.ContainsFunc(e.Errors, func(v herald.Violation) bool { return v.PropertyPath == "email.unless" }) {
		t.Fatalf("unless without a payload: err = %v (%+v), want a 400 naming email.unless", err, e)
	}
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
