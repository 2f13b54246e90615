package herald

import "github.com/herald-dev/herald/sdks/go/api"

// The resources and request bodies of the API, under names for this package. Each is the type
// generated from the OpenAPI document (package api): a field added to the document appears here
// when the SDK is regenerated (sdks/go/generate.sh).
type (
	Recipient       = api.Recipient
	CreateRecipient = api.RecipientInput                            // POST /recipients
	UpdateRecipient = api.PatchRecipientsRecipientIDJSONRequestBody // PATCH /recipients/{id}
	BatchResult     = api.PostRecipientsBatch200JSONResponseBody_Data
	BatchFailure    = api.BatchFailure
	RecipientToken  = api.RecipientToken
	CreateToken     = api.PostRecipientsRecipientIDTokensJSONRequestBody

	Contact           = api.Contact
	AddContact        = api.ContactInput                                               // POST /recipients/{id}/contacts
	SetPrimaryContact = api.PrimaryContactInput                                        // PUT /recipients/{id}/contacts
	UpdateContact     = api.PatchRecipientsRecipientIDContactsContactIDJSONRequestBody // PATCH …/contacts/{contact_id}

	Device    = api.Device
	AddDevice = api.DeviceInput // POST /recipients/{id}/devices

	Notification       = api.Notification
	Timeline           = api.Timeline
	TimelineStep       = api.TimelineStep
	NotificationEmail  = api.NotificationEmail
	NotificationSms    = api.NotificationSms  // a notification's sms outcome (with its provider)
	NotificationPush   = api.NotificationPush // a notification's web push outcome
	Broadcast          = api.Broadcast
	BroadcastOutbound  = api.BroadcastOutbound // a broadcast's email or push
	Send               = api.SendInput         // POST /notifications/send
	Target             = api.Target            // in answers
	TargetInput        = api.TargetInput       // in requests
	Email              = api.EmailInput        // a send's email block
	Sms                = api.SmsInput          // a send's sms block
	Push               = api.PushInput         // a send's web push block
	UpdateNotification = api.PatchRecipientsRecipientIDNotificationsNotificationIDJSONRequestBody
	EmailUnless        = api.EmailInputUnless // Email.Unless: "read" or "opened" (escalation)
	Digest             = api.Digest           // GET /digests/{id}

	RecipientPreference = api.RecipientPreference
	PreferenceState     = api.PreferenceState
	SetPreference       = api.PatchRecipientsRecipientIDPreferencesJSONRequestBody
	SetPreferenceState  = api.PatchRecipientsRecipientIDPreferencesJSONBody_State // SetPreference.State
	SetPreferenceMedium = api.PatchRecipientsRecipientIDPreferencesJSONBodyMedium // "in_app" (default), "email", "sms" or "web_push"
	SetPreferenceResult = api.PatchRecipientsRecipientIDPreferences200JSONResponseBody_Data
	CheckPreference     = api.GetRecipientsRecipientIDPreferencesCheckParams
	CheckMedium         = api.GetRecipientsRecipientIDPreferencesCheckParamsMedium // "in_app" (default), "email", "sms" or "web_push"
	PreferenceCheck     = api.GetRecipientsRecipientIDPreferencesCheck200JSONResponseBody_Data

	CatalogEntry      = api.CatalogEntry
	CatalogEntryInput = api.CatalogEntryInput       // POST /preferences, and each item of PUT /preferences
	CatalogMedium     = api.CatalogEntryInputMedium // CatalogEntryInput.Medium: "in_app" (default), "email", "sms" or "web_push"
	CatalogEntryPatch = api.CatalogEntryPatch       // PATCH /preferences/{id}
	CatalogDigest     = api.CatalogDigest           // an email entry's digest: WindowSeconds, MaxItems, Subject
	CatalogThrottle   = api.CatalogThrottle         // an entry's throttle: Max deliveries per WindowSeconds

	Webhook           = api.Webhook
	WebhookWithSecret = api.WebhookWithSecret
	CreateWebhook     = api.PostWebhooksJSONRequestBody
	WebhookEventType  = api.PostWebhooksJSONBodyEventTypes // e.g. "notification.delivered"
	UpdateWebhook     = api.PatchWebhooksIDJSONRequestBody
	WebhookDelivery   = api.WebhookDelivery

	Project         = api.Project
	CreateProject   = api.PostAdminProjectsJSONRequestBody
	UpdateProject   = api.PatchAdminProjectsIDJSONRequestBody
	CreatedProject  = api.PostAdminProjects201JSONResponseBody_Data // the project and its first two keys
	ProjectKey      = api.PostAdminProjects201JSONResponseBody_Data_Keys
	CreateKey       = api.PostAdminProjectsIDKeysJSONRequestBody
	CreatedKey      = api.PostAdminProjectsIDKeys201JSONResponseBody_Data
	ProjectSettings = api.PostAdminProjectsJSONBody_Settings
)
