"""Contains all the data models used in inputs/outputs"""

from .activity_page import ActivityPage
from .activity_stream_event import ActivityStreamEvent
from .activity_stream_event_data import ActivityStreamEventData
from .activity_stream_event_event import ActivityStreamEventEvent
from .batch_failure import BatchFailure
from .batch_failure_errors_item import BatchFailureErrorsItem
from .broadcast import Broadcast
from .broadcast_audience import BroadcastAudience
from .broadcast_outbound import BroadcastOutbound
from .broadcast_page import BroadcastPage
from .catalog_digest import CatalogDigest
from .catalog_entry import CatalogEntry
from .catalog_entry_input import CatalogEntryInput
from .catalog_entry_input_medium import CatalogEntryInputMedium
from .catalog_entry_patch import CatalogEntryPatch
from .catalog_throttle import CatalogThrottle
from .chat_input import ChatInput
from .contact import Contact
from .contact_code_input import ContactCodeInput
from .contact_input import ContactInput
from .contact_input_medium import ContactInputMedium
from .contact_input_provider import ContactInputProvider
from .deciding_catalog_entry import DecidingCatalogEntry
from .deciding_catalog_entry_target import DecidingCatalogEntryTarget
from .deciding_recipient_rule import DecidingRecipientRule
from .deciding_recipient_rule_set_via_type_0 import DecidingRecipientRuleSetViaType0
from .deciding_recipient_rule_target import DecidingRecipientRuleTarget
from .delete_admin_projects_id_keys_key_id_response_200 import (
    DeleteAdminProjectsIdKeysKeyIdResponse200,
)
from .delete_lists_list_key_response_200 import DeleteListsListKeyResponse200
from .delete_lists_list_key_subscriptions_response_200 import (
    DeleteListsListKeySubscriptionsResponse200,
)
from .delete_preferences_preference_id_response_200 import (
    DeletePreferencesPreferenceIdResponse200,
)
from .delete_recipients_recipient_id_contacts_contact_id_response_200 import (
    DeleteRecipientsRecipientIdContactsContactIdResponse200,
)
from .delete_recipients_recipient_id_devices_device_id_response_200 import (
    DeleteRecipientsRecipientIdDevicesDeviceIdResponse200,
)
from .delete_recipients_recipient_id_lists_list_key_response_200 import (
    DeleteRecipientsRecipientIdListsListKeyResponse200,
)
from .delete_recipients_recipient_id_response_200 import (
    DeleteRecipientsRecipientIdResponse200,
)
from .delete_webhooks_id_response_200 import DeleteWebhooksIdResponse200
from .device import Device
from .device_input import DeviceInput
from .device_input_platform import DeviceInputPlatform
from .digest import Digest
from .email_from import EmailFrom
from .email_input import EmailInput
from .email_input_unless import EmailInputUnless
from .error_family_error import ErrorFamilyError
from .error_family_error_errors_item import ErrorFamilyErrorErrorsItem
from .get_admin_projects_id_response_200 import GetAdminProjectsIdResponse200
from .get_admin_projects_response_200 import GetAdminProjectsResponse200
from .get_admin_projects_response_200_data import GetAdminProjectsResponse200Data
from .get_broadcasts_id_response_200 import GetBroadcastsIdResponse200
from .get_broadcasts_response_200 import GetBroadcastsResponse200
from .get_digests_id_response_200 import GetDigestsIdResponse200
from .get_healthz_response_200 import GetHealthzResponse200
from .get_healthz_response_200_status import GetHealthzResponse200Status
from .get_lists_list_key_response_200 import GetListsListKeyResponse200
from .get_lists_list_key_subscriptions_response_200 import (
    GetListsListKeySubscriptionsResponse200,
)
from .get_lists_list_key_subscriptions_response_200_data import (
    GetListsListKeySubscriptionsResponse200Data,
)
from .get_lists_response_200 import GetListsResponse200
from .get_lists_response_200_data import GetListsResponse200Data
from .get_notifications_id_response_200 import GetNotificationsIdResponse200
from .get_notifications_id_timeline_response_200 import (
    GetNotificationsIdTimelineResponse200,
)
from .get_notifications_medium import GetNotificationsMedium
from .get_notifications_response_200 import GetNotificationsResponse200
from .get_notifications_stream_medium import GetNotificationsStreamMedium
from .get_preferences_preference_id_response_200 import (
    GetPreferencesPreferenceIdResponse200,
)
from .get_preferences_response_200 import GetPreferencesResponse200
from .get_providers_name_name import GetProvidersNameName
from .get_providers_name_response_200 import GetProvidersNameResponse200
from .get_providers_response_200 import GetProvidersResponse200
from .get_providers_response_200_data import GetProvidersResponse200Data
from .get_push_vapid_public_key_response_200 import GetPushVapidPublicKeyResponse200
from .get_readyz_response_200 import GetReadyzResponse200
from .get_readyz_response_200_checks import GetReadyzResponse200Checks
from .get_readyz_response_200_checks_additional_property import (
    GetReadyzResponse200ChecksAdditionalProperty,
)
from .get_readyz_response_200_status import GetReadyzResponse200Status
from .get_readyz_response_503 import GetReadyzResponse503
from .get_readyz_response_503_checks import GetReadyzResponse503Checks
from .get_readyz_response_503_checks_additional_property import (
    GetReadyzResponse503ChecksAdditionalProperty,
)
from .get_readyz_response_503_status import GetReadyzResponse503Status
from .get_recipients_recipient_id_contacts_response_200 import (
    GetRecipientsRecipientIdContactsResponse200,
)
from .get_recipients_recipient_id_contacts_response_200_data import (
    GetRecipientsRecipientIdContactsResponse200Data,
)
from .get_recipients_recipient_id_devices_response_200 import (
    GetRecipientsRecipientIdDevicesResponse200,
)
from .get_recipients_recipient_id_devices_response_200_data import (
    GetRecipientsRecipientIdDevicesResponse200Data,
)
from .get_recipients_recipient_id_lists_response_200 import (
    GetRecipientsRecipientIdListsResponse200,
)
from .get_recipients_recipient_id_lists_response_200_data import (
    GetRecipientsRecipientIdListsResponse200Data,
)
from .get_recipients_recipient_id_notifications_archived import (
    GetRecipientsRecipientIdNotificationsArchived,
)
from .get_recipients_recipient_id_notifications_counts_response_200 import (
    GetRecipientsRecipientIdNotificationsCountsResponse200,
)
from .get_recipients_recipient_id_notifications_counts_response_200_data import (
    GetRecipientsRecipientIdNotificationsCountsResponse200Data,
)
from .get_recipients_recipient_id_notifications_read import (
    GetRecipientsRecipientIdNotificationsRead,
)
from .get_recipients_recipient_id_notifications_response_200 import (
    GetRecipientsRecipientIdNotificationsResponse200,
)
from .get_recipients_recipient_id_notifications_response_200_data import (
    GetRecipientsRecipientIdNotificationsResponse200Data,
)
from .get_recipients_recipient_id_notifications_unread_count_response_200 import (
    GetRecipientsRecipientIdNotificationsUnreadCountResponse200,
)
from .get_recipients_recipient_id_notifications_unread_count_response_200_data import (
    GetRecipientsRecipientIdNotificationsUnreadCountResponse200Data,
)
from .get_recipients_recipient_id_preferences_check_medium import (
    GetRecipientsRecipientIdPreferencesCheckMedium,
)
from .get_recipients_recipient_id_preferences_check_response_200 import (
    GetRecipientsRecipientIdPreferencesCheckResponse200,
)
from .get_recipients_recipient_id_preferences_check_response_200_data import (
    GetRecipientsRecipientIdPreferencesCheckResponse200Data,
)
from .get_recipients_recipient_id_preferences_check_response_200_data_target import (
    GetRecipientsRecipientIdPreferencesCheckResponse200DataTarget,
)
from .get_recipients_recipient_id_preferences_response_200 import (
    GetRecipientsRecipientIdPreferencesResponse200,
)
from .get_recipients_recipient_id_preferences_response_200_data import (
    GetRecipientsRecipientIdPreferencesResponse200Data,
)
from .get_recipients_recipient_id_response_200 import (
    GetRecipientsRecipientIdResponse200,
)
from .get_recipients_response_200 import GetRecipientsResponse200
from .get_recipients_response_200_data import GetRecipientsResponse200Data
from .get_stats_interval import GetStatsInterval
from .get_stats_response_200 import GetStatsResponse200
from .get_webhooks_id_deliveries_response_200 import GetWebhooksIdDeliveriesResponse200
from .get_webhooks_id_deliveries_response_200_data import (
    GetWebhooksIdDeliveriesResponse200Data,
)
from .get_webhooks_id_deliveries_status import GetWebhooksIdDeliveriesStatus
from .get_webhooks_id_response_200 import GetWebhooksIdResponse200
from .get_webhooks_response_200 import GetWebhooksResponse200
from .get_webhooks_response_200_data import GetWebhooksResponse200Data
from .list_ import List
from .list_input import ListInput
from .list_subscribe_result import ListSubscribeResult
from .list_subscriber import ListSubscriber
from .list_subscriptions_input import ListSubscriptionsInput
from .list_unsubscribe_result import ListUnsubscribeResult
from .medium_decision import MediumDecision
from .medium_decision_because_type_0 import MediumDecisionBecauseType0
from .message_error import MessageError
from .message_error_errors_item import MessageErrorErrorsItem
from .mobile_push_input import MobilePushInput
from .mobile_push_input_badge_type_0 import MobilePushInputBadgeType0
from .mobile_push_input_data import MobilePushInputData
from .notification import Notification
from .notification_chat import NotificationChat
from .notification_decision import NotificationDecision
from .notification_email import NotificationEmail
from .notification_mobile_push import NotificationMobilePush
from .notification_push import NotificationPush
from .notification_sms import NotificationSms
from .notification_update_result import NotificationUpdateResult
from .notification_update_result_error_type_0 import NotificationUpdateResultErrorType0
from .patch_admin_projects_id_body import PatchAdminProjectsIdBody
from .patch_admin_projects_id_body_settings import PatchAdminProjectsIdBodySettings
from .patch_admin_projects_id_response_200 import PatchAdminProjectsIdResponse200
from .patch_lists_list_key_body import PatchListsListKeyBody
from .patch_lists_list_key_response_200 import PatchListsListKeyResponse200
from .patch_preferences_preference_id_response_200 import (
    PatchPreferencesPreferenceIdResponse200,
)
from .patch_recipients_recipient_id_body import PatchRecipientsRecipientIdBody
from .patch_recipients_recipient_id_contacts_contact_id_body import (
    PatchRecipientsRecipientIdContactsContactIdBody,
)
from .patch_recipients_recipient_id_contacts_contact_id_response_200 import (
    PatchRecipientsRecipientIdContactsContactIdResponse200,
)
from .patch_recipients_recipient_id_notifications_body import (
    PatchRecipientsRecipientIdNotificationsBody,
)
from .patch_recipients_recipient_id_notifications_notification_id_body import (
    PatchRecipientsRecipientIdNotificationsNotificationIdBody,
)
from .patch_recipients_recipient_id_notifications_notification_id_response_200 import (
    PatchRecipientsRecipientIdNotificationsNotificationIdResponse200,
)
from .patch_recipients_recipient_id_notifications_response_200 import (
    PatchRecipientsRecipientIdNotificationsResponse200,
)
from .patch_recipients_recipient_id_notifications_response_200_data import (
    PatchRecipientsRecipientIdNotificationsResponse200Data,
)
from .patch_recipients_recipient_id_preferences_body import (
    PatchRecipientsRecipientIdPreferencesBody,
)
from .patch_recipients_recipient_id_preferences_body_medium import (
    PatchRecipientsRecipientIdPreferencesBodyMedium,
)
from .patch_recipients_recipient_id_preferences_body_state import (
    PatchRecipientsRecipientIdPreferencesBodyState,
)
from .patch_recipients_recipient_id_preferences_response_200 import (
    PatchRecipientsRecipientIdPreferencesResponse200,
)
from .patch_recipients_recipient_id_preferences_response_200_data import (
    PatchRecipientsRecipientIdPreferencesResponse200Data,
)
from .patch_recipients_recipient_id_preferences_response_200_data_state import (
    PatchRecipientsRecipientIdPreferencesResponse200DataState,
)
from .patch_recipients_recipient_id_preferences_response_200_data_target import (
    PatchRecipientsRecipientIdPreferencesResponse200DataTarget,
)
from .patch_recipients_recipient_id_response_200 import (
    PatchRecipientsRecipientIdResponse200,
)
from .patch_webhooks_id_body import PatchWebhooksIdBody
from .patch_webhooks_id_body_event_types_item import PatchWebhooksIdBodyEventTypesItem
from .patch_webhooks_id_response_200 import PatchWebhooksIdResponse200
from .post_admin_projects_body import PostAdminProjectsBody
from .post_admin_projects_body_settings import PostAdminProjectsBodySettings
from .post_admin_projects_id_keys_body import PostAdminProjectsIdKeysBody
from .post_admin_projects_id_keys_body_scope import PostAdminProjectsIdKeysBodyScope
from .post_admin_projects_id_keys_response_201 import PostAdminProjectsIdKeysResponse201
from .post_admin_projects_id_keys_response_201_data import (
    PostAdminProjectsIdKeysResponse201Data,
)
from .post_admin_projects_id_keys_response_201_data_scope import (
    PostAdminProjectsIdKeysResponse201DataScope,
)
from .post_admin_projects_response_201 import PostAdminProjectsResponse201
from .post_admin_projects_response_201_data import PostAdminProjectsResponse201Data
from .post_admin_projects_response_201_data_keys_item import (
    PostAdminProjectsResponse201DataKeysItem,
)
from .post_admin_projects_response_201_data_keys_item_scope import (
    PostAdminProjectsResponse201DataKeysItemScope,
)
from .post_broadcasts_id_cancel_response_200 import PostBroadcastsIdCancelResponse200
from .post_callbacks_sms_token_response_200 import PostCallbacksSmsTokenResponse200
from .post_contact_confirmations_token_response_200 import (
    PostContactConfirmationsTokenResponse200,
)
from .post_lists_response_201 import PostListsResponse201
from .post_notifications_id_cancel_response_200 import (
    PostNotificationsIdCancelResponse200,
)
from .post_notifications_send_response_201 import PostNotificationsSendResponse201
from .post_notifications_send_response_201_data import (
    PostNotificationsSendResponse201Data,
)
from .post_preferences_response_201 import PostPreferencesResponse201
from .post_recipients_batch_body import PostRecipientsBatchBody
from .post_recipients_batch_response_200 import PostRecipientsBatchResponse200
from .post_recipients_batch_response_200_data import PostRecipientsBatchResponse200Data
from .post_recipients_batch_response_200_data_created_item import (
    PostRecipientsBatchResponse200DataCreatedItem,
)
from .post_recipients_batch_response_200_data_updated_item import (
    PostRecipientsBatchResponse200DataUpdatedItem,
)
from .post_recipients_recipient_id_contacts_contact_id_confirm_response_200 import (
    PostRecipientsRecipientIdContactsContactIdConfirmResponse200,
)
from .post_recipients_recipient_id_contacts_contact_id_verify_response_200 import (
    PostRecipientsRecipientIdContactsContactIdVerifyResponse200,
)
from .post_recipients_recipient_id_contacts_response_201 import (
    PostRecipientsRecipientIdContactsResponse201,
)
from .post_recipients_recipient_id_devices_response_201 import (
    PostRecipientsRecipientIdDevicesResponse201,
)
from .post_recipients_recipient_id_notifications_mark_all_archived_read import (
    PostRecipientsRecipientIdNotificationsMarkAllArchivedRead,
)
from .post_recipients_recipient_id_notifications_mark_all_archived_response_200 import (
    PostRecipientsRecipientIdNotificationsMarkAllArchivedResponse200,
)
from .post_recipients_recipient_id_notifications_mark_all_archived_response_200_data import (
    PostRecipientsRecipientIdNotificationsMarkAllArchivedResponse200Data,
)
from .post_recipients_recipient_id_notifications_mark_all_read_response_200 import (
    PostRecipientsRecipientIdNotificationsMarkAllReadResponse200,
)
from .post_recipients_recipient_id_notifications_mark_all_read_response_200_data import (
    PostRecipientsRecipientIdNotificationsMarkAllReadResponse200Data,
)
from .post_recipients_recipient_id_notifications_mark_all_seen_response_200 import (
    PostRecipientsRecipientIdNotificationsMarkAllSeenResponse200,
)
from .post_recipients_recipient_id_notifications_mark_all_seen_response_200_data import (
    PostRecipientsRecipientIdNotificationsMarkAllSeenResponse200Data,
)
from .post_recipients_recipient_id_notifications_notification_id_actions_action_id_response_200 import (
    PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200,
)
from .post_recipients_recipient_id_tokens_body import (
    PostRecipientsRecipientIdTokensBody,
)
from .post_recipients_recipient_id_tokens_response_201 import (
    PostRecipientsRecipientIdTokensResponse201,
)
from .post_recipients_response_201 import PostRecipientsResponse201
from .post_unsubscribe_token_response_200 import PostUnsubscribeTokenResponse200
from .post_webhooks_body import PostWebhooksBody
from .post_webhooks_body_event_types_item import PostWebhooksBodyEventTypesItem
from .post_webhooks_id_deliveries_delivery_id_retry_response_200 import (
    PostWebhooksIdDeliveriesDeliveryIdRetryResponse200,
)
from .post_webhooks_id_rotate_secret_response_200 import (
    PostWebhooksIdRotateSecretResponse200,
)
from .post_webhooks_id_test_response_200 import PostWebhooksIdTestResponse200
from .post_webhooks_response_201 import PostWebhooksResponse201
from .preference_decision import PreferenceDecision
from .preference_decision_because_type_0 import PreferenceDecisionBecauseType0
from .preference_decision_result import PreferenceDecisionResult
from .preference_state import PreferenceState
from .primary_contact_input import PrimaryContactInput
from .primary_contact_input_medium import PrimaryContactInputMedium
from .primary_contact_input_provider import PrimaryContactInputProvider
from .project import Project
from .project_settings import ProjectSettings
from .provider import Provider
from .provider_input import ProviderInput
from .provider_input_environment import ProviderInputEnvironment
from .provider_input_service_account_type_0 import ProviderInputServiceAccountType0
from .provider_settings import ProviderSettings
from .push_input import PushInput
from .put_lists_list_key_subscriptions_response_200 import (
    PutListsListKeySubscriptionsResponse200,
)
from .put_preferences_prune import PutPreferencesPrune
from .put_preferences_response_200 import PutPreferencesResponse200
from .put_providers_name_name import PutProvidersNameName
from .put_providers_name_response_200 import PutProvidersNameResponse200
from .put_recipients_recipient_id_contacts_response_200 import (
    PutRecipientsRecipientIdContactsResponse200,
)
from .put_recipients_recipient_id_lists_list_key_response_200 import (
    PutRecipientsRecipientIdListsListKeyResponse200,
)
from .recipient import Recipient
from .recipient_input import RecipientInput
from .recipient_list_entry import RecipientListEntry
from .recipient_preference import RecipientPreference
from .recipient_preference_target import RecipientPreferenceTarget
from .recipient_token import RecipientToken
from .send_input import SendInput
from .send_input_payload_type_0 import SendInputPayloadType0
from .sms_input import SmsInput
from .sms_status_callback import SmsStatusCallback
from .sms_status_result import SmsStatusResult
from .stats import Stats
from .stats_counts import StatsCounts
from .stats_interval_sends import StatsIntervalSends
from .stats_intervals_item import StatsIntervalsItem
from .stats_rates import StatsRates
from .stats_some_counts import StatsSomeCounts
from .stats_totals import StatsTotals
from .stream_notification_event import StreamNotificationEvent
from .stream_notification_event_data import StreamNotificationEventData
from .stream_notification_event_event import StreamNotificationEventEvent
from .stream_notification_updated_event import StreamNotificationUpdatedEvent
from .stream_notification_updated_event_data import StreamNotificationUpdatedEventData
from .stream_notification_updated_event_event import StreamNotificationUpdatedEventEvent
from .stream_reset_event import StreamResetEvent
from .stream_reset_event_data import StreamResetEventData
from .stream_reset_event_data_reason import StreamResetEventDataReason
from .stream_reset_event_event import StreamResetEventEvent
from .stream_unread_count_event import StreamUnreadCountEvent
from .stream_unread_count_event_data import StreamUnreadCountEventData
from .stream_unread_count_event_event import StreamUnreadCountEventEvent
from .target import Target
from .target_input import TargetInput
from .timeline import Timeline
from .timeline_step import TimelineStep
from .timeline_step_kind import TimelineStepKind
from .unsubscribe_result import UnsubscribeResult
from .unsubscribe_result_state import UnsubscribeResultState
from .unsubscribe_result_target import UnsubscribeResultTarget
from .unsubscribe_result_target_medium import UnsubscribeResultTargetMedium
from .vapid_public_key import VapidPublicKey
from .webhook import Webhook
from .webhook_attempt import WebhookAttempt
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_status import WebhookDeliveryStatus
from .webhook_disabled_reason_type_0 import WebhookDisabledReasonType0
from .webhook_status import WebhookStatus
from .webhook_with_secret import WebhookWithSecret

__all__ = (
    "ActivityPage",
    "ActivityStreamEvent",
    "ActivityStreamEventData",
    "ActivityStreamEventEvent",
    "BatchFailure",
    "BatchFailureErrorsItem",
    "Broadcast",
    "BroadcastAudience",
    "BroadcastOutbound",
    "BroadcastPage",
    "CatalogDigest",
    "CatalogEntry",
    "CatalogEntryInput",
    "CatalogEntryInputMedium",
    "CatalogEntryPatch",
    "CatalogThrottle",
    "ChatInput",
    "Contact",
    "ContactCodeInput",
    "ContactInput",
    "ContactInputMedium",
    "ContactInputProvider",
    "DecidingCatalogEntry",
    "DecidingCatalogEntryTarget",
    "DecidingRecipientRule",
    "DecidingRecipientRuleSetViaType0",
    "DecidingRecipientRuleTarget",
    "DeleteAdminProjectsIdKeysKeyIdResponse200",
    "DeleteListsListKeyResponse200",
    "DeleteListsListKeySubscriptionsResponse200",
    "DeletePreferencesPreferenceIdResponse200",
    "DeleteRecipientsRecipientIdContactsContactIdResponse200",
    "DeleteRecipientsRecipientIdDevicesDeviceIdResponse200",
    "DeleteRecipientsRecipientIdListsListKeyResponse200",
    "DeleteRecipientsRecipientIdResponse200",
    "DeleteWebhooksIdResponse200",
    "Device",
    "DeviceInput",
    "DeviceInputPlatform",
    "Digest",
    "EmailFrom",
    "EmailInput",
    "EmailInputUnless",
    "ErrorFamilyError",
    "ErrorFamilyErrorErrorsItem",
    "GetAdminProjectsIdResponse200",
    "GetAdminProjectsResponse200",
    "GetAdminProjectsResponse200Data",
    "GetBroadcastsIdResponse200",
    "GetBroadcastsResponse200",
    "GetDigestsIdResponse200",
    "GetHealthzResponse200",
    "GetHealthzResponse200Status",
    "GetListsListKeyResponse200",
    "GetListsListKeySubscriptionsResponse200",
    "GetListsListKeySubscriptionsResponse200Data",
    "GetListsResponse200",
    "GetListsResponse200Data",
    "GetNotificationsIdResponse200",
    "GetNotificationsIdTimelineResponse200",
    "GetNotificationsMedium",
    "GetNotificationsResponse200",
    "GetNotificationsStreamMedium",
    "GetPreferencesPreferenceIdResponse200",
    "GetPreferencesResponse200",
    "GetProvidersNameName",
    "GetProvidersNameResponse200",
    "GetProvidersResponse200",
    "GetProvidersResponse200Data",
    "GetPushVapidPublicKeyResponse200",
    "GetReadyzResponse200",
    "GetReadyzResponse200Checks",
    "GetReadyzResponse200ChecksAdditionalProperty",
    "GetReadyzResponse200Status",
    "GetReadyzResponse503",
    "GetReadyzResponse503Checks",
    "GetReadyzResponse503ChecksAdditionalProperty",
    "GetReadyzResponse503Status",
    "GetRecipientsRecipientIdContactsResponse200",
    "GetRecipientsRecipientIdContactsResponse200Data",
    "GetRecipientsRecipientIdDevicesResponse200",
    "GetRecipientsRecipientIdDevicesResponse200Data",
    "GetRecipientsRecipientIdListsResponse200",
    "GetRecipientsRecipientIdListsResponse200Data",
    "GetRecipientsRecipientIdNotificationsArchived",
    "GetRecipientsRecipientIdNotificationsCountsResponse200",
    "GetRecipientsRecipientIdNotificationsCountsResponse200Data",
    "GetRecipientsRecipientIdNotificationsRead",
    "GetRecipientsRecipientIdNotificationsResponse200",
    "GetRecipientsRecipientIdNotificationsResponse200Data",
    "GetRecipientsRecipientIdNotificationsUnreadCountResponse200",
    "GetRecipientsRecipientIdNotificationsUnreadCountResponse200Data",
    "GetRecipientsRecipientIdPreferencesCheckMedium",
    "GetRecipientsRecipientIdPreferencesCheckResponse200",
    "GetRecipientsRecipientIdPreferencesCheckResponse200Data",
    "GetRecipientsRecipientIdPreferencesCheckResponse200DataTarget",
    "GetRecipientsRecipientIdPreferencesResponse200",
    "GetRecipientsRecipientIdPreferencesResponse200Data",
    "GetRecipientsRecipientIdResponse200",
    "GetRecipientsResponse200",
    "GetRecipientsResponse200Data",
    "GetStatsInterval",
    "GetStatsResponse200",
    "GetWebhooksIdDeliveriesResponse200",
    "GetWebhooksIdDeliveriesResponse200Data",
    "GetWebhooksIdDeliveriesStatus",
    "GetWebhooksIdResponse200",
    "GetWebhooksResponse200",
    "GetWebhooksResponse200Data",
    "List",
    "ListInput",
    "ListSubscribeResult",
    "ListSubscriber",
    "ListSubscriptionsInput",
    "ListUnsubscribeResult",
    "MediumDecision",
    "MediumDecisionBecauseType0",
    "MessageError",
    "MessageErrorErrorsItem",
    "MobilePushInput",
    "MobilePushInputBadgeType0",
    "MobilePushInputData",
    "Notification",
    "NotificationChat",
    "NotificationDecision",
    "NotificationEmail",
    "NotificationMobilePush",
    "NotificationPush",
    "NotificationSms",
    "NotificationUpdateResult",
    "NotificationUpdateResultErrorType0",
    "PatchAdminProjectsIdBody",
    "PatchAdminProjectsIdBodySettings",
    "PatchAdminProjectsIdResponse200",
    "PatchListsListKeyBody",
    "PatchListsListKeyResponse200",
    "PatchPreferencesPreferenceIdResponse200",
    "PatchRecipientsRecipientIdBody",
    "PatchRecipientsRecipientIdContactsContactIdBody",
    "PatchRecipientsRecipientIdContactsContactIdResponse200",
    "PatchRecipientsRecipientIdNotificationsBody",
    "PatchRecipientsRecipientIdNotificationsNotificationIdBody",
    "PatchRecipientsRecipientIdNotificationsNotificationIdResponse200",
    "PatchRecipientsRecipientIdNotificationsResponse200",
    "PatchRecipientsRecipientIdNotificationsResponse200Data",
    "PatchRecipientsRecipientIdPreferencesBody",
    "PatchRecipientsRecipientIdPreferencesBodyMedium",
    "PatchRecipientsRecipientIdPreferencesBodyState",
    "PatchRecipientsRecipientIdPreferencesResponse200",
    "PatchRecipientsRecipientIdPreferencesResponse200Data",
    "PatchRecipientsRecipientIdPreferencesResponse200DataState",
    "PatchRecipientsRecipientIdPreferencesResponse200DataTarget",
    "PatchRecipientsRecipientIdResponse200",
    "PatchWebhooksIdBody",
    "PatchWebhooksIdBodyEventTypesItem",
    "PatchWebhooksIdResponse200",
    "PostAdminProjectsBody",
    "PostAdminProjectsBodySettings",
    "PostAdminProjectsIdKeysBody",
    "PostAdminProjectsIdKeysBodyScope",
    "PostAdminProjectsIdKeysResponse201",
    "PostAdminProjectsIdKeysResponse201Data",
    "PostAdminProjectsIdKeysResponse201DataScope",
    "PostAdminProjectsResponse201",
    "PostAdminProjectsResponse201Data",
    "PostAdminProjectsResponse201DataKeysItem",
    "PostAdminProjectsResponse201DataKeysItemScope",
    "PostBroadcastsIdCancelResponse200",
    "PostCallbacksSmsTokenResponse200",
    "PostContactConfirmationsTokenResponse200",
    "PostListsResponse201",
    "PostNotificationsIdCancelResponse200",
    "PostNotificationsSendResponse201",
    "PostNotificationsSendResponse201Data",
    "PostPreferencesResponse201",
    "PostRecipientsBatchBody",
    "PostRecipientsBatchResponse200",
    "PostRecipientsBatchResponse200Data",
    "PostRecipientsBatchResponse200DataCreatedItem",
    "PostRecipientsBatchResponse200DataUpdatedItem",
    "PostRecipientsRecipientIdContactsContactIdConfirmResponse200",
    "PostRecipientsRecipientIdContactsContactIdVerifyResponse200",
    "PostRecipientsRecipientIdContactsResponse201",
    "PostRecipientsRecipientIdDevicesResponse201",
    "PostRecipientsRecipientIdNotificationsMarkAllArchivedRead",
    "PostRecipientsRecipientIdNotificationsMarkAllArchivedResponse200",
    "PostRecipientsRecipientIdNotificationsMarkAllArchivedResponse200Data",
    "PostRecipientsRecipientIdNotificationsMarkAllReadResponse200",
    "PostRecipientsRecipientIdNotificationsMarkAllReadResponse200Data",
    "PostRecipientsRecipientIdNotificationsMarkAllSeenResponse200",
    "PostRecipientsRecipientIdNotificationsMarkAllSeenResponse200Data",
    "PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200",
    "PostRecipientsRecipientIdTokensBody",
    "PostRecipientsRecipientIdTokensResponse201",
    "PostRecipientsResponse201",
    "PostUnsubscribeTokenResponse200",
    "PostWebhooksBody",
    "PostWebhooksBodyEventTypesItem",
    "PostWebhooksIdDeliveriesDeliveryIdRetryResponse200",
    "PostWebhooksIdRotateSecretResponse200",
    "PostWebhooksIdTestResponse200",
    "PostWebhooksResponse201",
    "PreferenceDecision",
    "PreferenceDecisionBecauseType0",
    "PreferenceDecisionResult",
    "PreferenceState",
    "PrimaryContactInput",
    "PrimaryContactInputMedium",
    "PrimaryContactInputProvider",
    "Project",
    "ProjectSettings",
    "Provider",
    "ProviderInput",
    "ProviderInputEnvironment",
    "ProviderInputServiceAccountType0",
    "ProviderSettings",
    "PushInput",
    "PutListsListKeySubscriptionsResponse200",
    "PutPreferencesPrune",
    "PutPreferencesResponse200",
    "PutProvidersNameName",
    "PutProvidersNameResponse200",
    "PutRecipientsRecipientIdContactsResponse200",
    "PutRecipientsRecipientIdListsListKeyResponse200",
    "Recipient",
    "RecipientInput",
    "RecipientListEntry",
    "RecipientPreference",
    "RecipientPreferenceTarget",
    "RecipientToken",
    "SendInput",
    "SendInputPayloadType0",
    "SmsInput",
    "SmsStatusCallback",
    "SmsStatusResult",
    "Stats",
    "StatsCounts",
    "StatsIntervalSends",
    "StatsIntervalsItem",
    "StatsRates",
    "StatsSomeCounts",
    "StatsTotals",
    "StreamNotificationEvent",
    "StreamNotificationEventData",
    "StreamNotificationEventEvent",
    "StreamNotificationUpdatedEvent",
    "StreamNotificationUpdatedEventData",
    "StreamNotificationUpdatedEventEvent",
    "StreamResetEvent",
    "StreamResetEventData",
    "StreamResetEventDataReason",
    "StreamResetEventEvent",
    "StreamUnreadCountEvent",
    "StreamUnreadCountEventData",
    "StreamUnreadCountEventEvent",
    "Target",
    "TargetInput",
    "Timeline",
    "TimelineStep",
    "TimelineStepKind",
    "UnsubscribeResult",
    "UnsubscribeResultState",
    "UnsubscribeResultTarget",
    "UnsubscribeResultTargetMedium",
    "VapidPublicKey",
    "Webhook",
    "WebhookAttempt",
    "WebhookDelivery",
    "WebhookDeliveryStatus",
    "WebhookDisabledReasonType0",
    "WebhookStatus",
    "WebhookWithSecret",
)
