package herald

import (
	"context"
	"strconv"

	"github.com/herald-dev/herald/sdks/go/api"
)

// ContactsService: a recipient's addresses per medium (email is the one delivered today).
type ContactsService struct{ c *Client }

// Add adds a contact. A duplicate (medium, address), or a second primary for the medium, is a 409.
func (s *ContactsService) Add(ctx context.Context, recipientID string, in AddContact) (*Contact, error) {
	out, err := decode[api.PostRecipientsRecipientIDContacts201JSONResponseBody](s.c.api.PostRecipientsRecipientIDContacts(ctx, recipientID, in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// List returns a recipient's contacts.
func (s *ContactsService) List(ctx context.Context, recipientID string) ([]Contact, error) {
	out, err := decode[api.GetRecipientsRecipientIDContacts200JSONResponseBody](s.c.api.GetRecipientsRecipientIDContacts(ctx, recipientID))
	if err != nil {
		return nil, err
	}
	return out.Data.Contacts, nil
}

// SetPrimary makes address the recipient's primary contact for the medium, whatever there was
// before: created when there is none, changed in place (verification reset) when it differs,
// untouched when it is the same. Safe to repeat. Returns the resulting primary contact.
func (s *ContactsService) SetPrimary(ctx context.Context, recipientID string, in SetPrimaryContact) (*Contact, error) {
	out, err := decode[api.PutRecipientsRecipientIDContacts200JSONResponseBody](s.c.api.PutRecipientsRecipientIDContacts(ctx, recipientID, in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Update changes a contact's address or primary flag (at least one).
func (s *ContactsService) Update(ctx context.Context, recipientID string, contactID int, in UpdateContact) (*Contact, error) {
	out, err := decode[api.PatchRecipientsRecipientIDContactsContactID200JSONResponseBody](s.c.api.PatchRecipientsRecipientIDContactsContactID(ctx, recipientID, strconv.Itoa(contactID), in))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Delete removes a contact (Full key).
func (s *ContactsService) Delete(ctx context.Context, recipientID string, contactID int) error {
	_, err := decode[api.DeleteRecipientsRecipientIDContactsContactID200JSONResponseBody](s.c.api.DeleteRecipientsRecipientIDContactsContactID(ctx, recipientID, strconv.Itoa(contactID)))
	return err
}

// Verify marks a contact verified (and deliverable again after a permanent refusal).
func (s *ContactsService) Verify(ctx context.Context, recipientID string, contactID int) (*Contact, error) {
	out, err := decode[api.PostRecipientsRecipientIDContactsContactIDVerify200JSONResponseBody](s.c.api.PostRecipientsRecipientIDContactsContactIDVerify(ctx, recipientID, strconv.Itoa(contactID)))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}

// Confirm confirms an sms number set with a recipient token with the 6-digit code texted to it
// (10 minutes, 5 tries; a wrong code is a 400 confirmation_code_wrong).
func (s *ContactsService) Confirm(ctx context.Context, recipientID string, contactID int, code string) (*Contact, error) {
	out, err := decode[api.PostRecipientsRecipientIDContactsContactIDConfirm200JSONResponseBody](s.c.api.PostRecipientsRecipientIDContactsContactIDConfirm(ctx, recipientID, strconv.Itoa(contactID), api.ContactCodeInput{Code: code}))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}
