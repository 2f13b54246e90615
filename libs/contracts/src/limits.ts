/** Field limits of the REST contract, shared by the gateway's schemas and the services' rules. */
export const LIMITS = {
  recipientIdMax: 256,
  recipientNameMax: 256,
  contactAddressMax: 320,
  batchRecipientsMax: 1000,
  /** A send's `recipient_ids` (duplicates counted once) and its `exclude_recipient_ids`. */
  sendRecipientIdsMax: 1000,
  sendExcludedMax: 100,
  targetFieldMax: 128,
  payloadMaxBytes: 64 * 1024,
  emailSubjectMax: 998,
  emailHtmlMaxBytes: 512 * 1024,
  emailTextMaxBytes: 512 * 1024,
  /** One email addr-spec (RFC 5321's path limit). */
  emailAddressMax: 254,
  bodyMaxBytes: 1024 * 1024,
  /** Nesting of arrays and objects in a JSON body (the body itself is level 1). */
  jsonDepthMax: 64,
  /** Array elements plus object members in a JSON body, all levels together. */
  jsonValuesMax: 100_000,
  recipientsPageDefault: 50,
  recipientsPageMax: 1000,
  feedPageDefault: 20,
  feedPageMax: 100,
  tokenTtlDefaultSeconds: 3600,
  tokenTtlMaxSeconds: 2_592_000,
  /** An SMS block's text (characters; a provider splits it into segments). */
  smsTextMax: 1600,
  /** A push block, serialized (bytes): what fits a web push message (4,096 bytes) after encryption. */
  pushMaxBytes: 3000,
  pushTitleMax: 256,
  /** A push block's `tag` (the browser replaces a shown notification of the same tag). */
  pushTagMax: 64,
  /** A push block's `url` and `icon`. */
  pushUrlMax: 2048,
  /** A `web_push` contact's address: the PushSubscription JSON (its endpoint URL alone may be several hundred characters). */
  webPushAddressMax: 4096,
  /** A `chat` contact's address: a Slack conversation id or an incoming-webhook URL (Power Automate's run long). */
  chatAddressMax: 1024,
  /** A chat block's text (characters): what a Slack section holds. */
  chatTextMax: 3000,
  /** A recipient's own preference rules (uncataloged targets included); changing an existing one is always allowed. */
  preferenceRulesPerRecipientMax: 1000,
} as const;

export const CONTACT_MEDIUMS = ['email', 'sms', 'web_push', 'mobile_push', 'chat'] as const;
/** The chat services a `chat` contact names (its `provider`). */
export const CHAT_PROVIDERS = ['slack', 'teams', 'discord'] as const;
export type ChatProvider = (typeof CHAT_PROVIDERS)[number];
/** Mediums of the catalog, preferences and decisions, in the order lists use. */
export const PREFERENCE_MEDIUMS = ['in_app', 'email', 'sms', 'web_push', 'chat', 'mobile_push'] as const;
/** Mediums delivered by a provider outside Herald (jobs, retries, failover), each with its send block. */
export const OUTBOUND_MEDIUMS = ['email', 'sms', 'web_push', 'chat', 'mobile_push'] as const;
export type OutboundMedium = (typeof OUTBOUND_MEDIUMS)[number];
/** The send block, outcome field and event prefix of each outbound medium. */
export const OUTBOUND_FIELD = { email: 'email', sms: 'sms', web_push: 'push', chat: 'chat', mobile_push: 'mobile_push' } as const satisfies Record<OutboundMedium, string>;
