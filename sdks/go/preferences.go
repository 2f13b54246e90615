package herald

import (
	"context"
	"strconv"

	"github.com/herald-dev/herald/sdks/go/api"
)

// PreferencesService: a recipient's own preferences (what they opted into or out of).
type PreferencesService struct{ c *Client }

// Set records the recipient's own rule for a target and medium (a mandatory catalog entry refuses it with 400).
func (s *PreferencesService) Set(ctx context.Context, recipientID string, in SetPreference) (*SetPreferenceResult, error) {
	out, err := decode[api.PatchRecipientsRecipientIDPreferences200JSONResponseBody](s.c.api.PatchRecipientsRecipientIDPreferences(ctx, recipientID, in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// List returns every cataloged target plus the recipient's own rules, each with its resolved state.
func (s *PreferencesService) List(ctx context.Context, recipientID string) ([]RecipientPreference, error) {
	out, err := decode[api.GetRecipientsRecipientIDPreferences200JSONResponseBody](s.c.api.GetRecipientsRecipientIDPreferences(ctx, recipientID))
	if err != nil {
		return nil, err
	}
	return out.Data.Preferences, nil
}

// Check resolves whether a send to the target and medium would deliver to the recipient.
func (s *PreferencesService) Check(ctx context.Context, recipientID string, q CheckPreference) (*PreferenceCheck, error) {
	out, err := decode[api.GetRecipientsRecipientIDPreferencesCheck200JSONResponseBody](s.c.api.GetRecipientsRecipientIDPreferencesCheck(ctx, recipientID, &q))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// CatalogService: the project's preference catalog (Full key): the targets it sends and their
// defaults. Its errors come in the {error, details} family; *Error reads both.
type CatalogService struct{ c *Client }

// Create adds an entry; an existing (channel, topic, event, medium) is a 409.
func (s *CatalogService) Create(ctx context.Context, in CatalogEntryInput) (*CatalogEntry, error) {
	out, err := decode[api.PostPreferences201JSONResponseBody](s.c.api.PostPreferences(ctx, in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// List returns every entry of the catalog.
func (s *CatalogService) List(ctx context.Context) ([]CatalogEntry, error) {
	out, err := decode[api.GetPreferences200JSONResponseBody](s.c.api.GetPreferences(ctx))
	if err != nil {
		return nil, err
	}
	return out.Data, nil
}

// Get reads one entry.
func (s *CatalogService) Get(ctx context.Context, id int) (*CatalogEntry, error) {
	out, err := decode[api.GetPreferencesPreferenceID200JSONResponseBody](s.c.api.GetPreferencesPreferenceID(ctx, strconv.Itoa(id)))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Update changes an entry's name, description, default or mandatory flag (its target is fixed).
func (s *CatalogService) Update(ctx context.Context, id int, in CatalogEntryPatch) (*CatalogEntry, error) {
	out, err := decode[api.PatchPreferencesPreferenceID200JSONResponseBody](s.c.api.PatchPreferencesPreferenceID(ctx, strconv.Itoa(id), in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Upsert inserts or updates entries by their (channel, topic, event, medium); with prune, entries
// absent from items are deleted, so items becomes the whole catalog. Returns the resulting catalog.
func (s *CatalogService) Upsert(ctx context.Context, items []CatalogEntryInput, prune bool) ([]CatalogEntry, error) {
	p := api.PutPreferencesParamsPruneFalse
	if prune {
		p = api.PutPreferencesParamsPruneTrue
	}
	out, err := decode[api.PutPreferences200JSONResponseBody](s.c.api.PutPreferences(ctx, &api.PutPreferencesParams{Prune: &p}, items))
	if err != nil {
		return nil, err
	}
	return out.Data, nil
}

// Delete un-catalogs an entry's target and medium.
func (s *CatalogService) Delete(ctx context.Context, id int) error {
	_, err := decode[api.DeletePreferencesPreferenceID200JSONResponseBody](s.c.api.DeletePreferencesPreferenceID(ctx, strconv.Itoa(id)))
	return err
}
