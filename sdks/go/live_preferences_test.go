package herald_test

import (
	"errors"
	"testing"

	herald "github.com/herald-dev/herald/sdks/go"
)

func TestLiveCatalogAndPreferences(t *testing.T) {
	ctx, env := liveStack(t)
	c := env.full
	channel := "orders-" + suffix()
	entry, err := c.Catalog.Create(ctx, herald.CatalogEntryInput{Channel: channel, Topic: "none", Event: "shipped", Medium: herald.Ptr[herald.CatalogMedium]("email"), Name: "Shipping emails", DefaultEnabled: true})
	if err != nil {
		t.Fatal(err)
	}
	if entry.Label != "Shipping emails" || entry.Medium != "email" || !entry.DefaultEnabled {
		t.Fatalf("created %+v", entry)
	}
	if _, err := c.Catalog.Create(ctx, herald.CatalogEntryInput{Channel: channel, Topic: "none", Event: "shipped", Medium: herald.Ptr[herald.CatalogMedium]("email"), Name: "again"}); !errors.Is(err, herald.ErrConflict) {
		t.Fatalf("the same target again: err = %v, want a 409", err)
	}
	entry, err = c.Catalog.Update(ctx, entry.ID, herald.CatalogEntryPatch{Name: herald.Ptr("Shipping updates")})
	if err != nil || entry.Label != "Shipping updates" {
		t.Fatalf("update: %+v, %v", entry, err)
	}
	all, err := c.Catalog.Upsert(ctx, []herald.CatalogEntryInput{{Channel: channel, Topic: "none", Event: "delayed", Name: "Delays", DefaultEnabled: true}}, false)
	if err != nil || len(all) < 2 {
		t.Fatalf("upsert: %d entries, %v", len(all), err)
	}

	id := "frank-" + suffix()
	if _, err := c.Recipients.Create(ctx, herald.CreateRecipient{ID: id}); err != nil {
		t.Fatal(err)
	}
	target := herald.TargetInput{Channel: channel, Topic: "none", Event: "shipped"}
	check := herald.CheckPreference{Channel: channel, Topic: "none", Event: "shipped", Medium: herald.Ptr[herald.CheckMedium]("email")}
	if got, err := c.Preferences.Check(ctx, id, check); err != nil || !got.State.Enabled || !got.State.Inherited || !got.State.Cataloged {
		t.Fatalf("before opting out: %+v, %v", got, err)
	}
	set, err := c.Preferences.Set(ctx, id, herald.SetPreference{Target: target, Medium: herald.Ptr[herald.SetPreferenceMedium]("email"), State: herald.SetPreferenceState{Enabled: false}})
	if err != nil || set.State.Enabled || set.State.Inherited {
		t.Fatalf("opt out: %+v, %v", set, err)
	}
	if got, err := c.Preferences.Check(ctx, id, check); err != nil || got.State.Enabled || got.State.Inherited {
		t.Fatalf("after opting out: %+v, %v", got, err)
	}
	prefs, err := c.Preferences.List(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range prefs {
		if p.Target.Channel == channel && p.Target.Event == "shipped" && p.Target.Medium == "email" {
			found = !p.State.Enabled && !p.State.Inherited
		}
	}
	if !found {
		t.Fatalf("the opt-out is not in the list: %+v", prefs)
	}
	if err := c.Catalog.Delete(ctx, entry.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Catalog.Get(ctx, entry.ID); !errors.Is(err, herald.ErrNotFound) {
		t.Fatalf("after delete: err = %v", err)
	}
}
