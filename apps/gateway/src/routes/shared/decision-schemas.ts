import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from './schemas';

// Which rule or gate decided a medium, on notifications, feed
// items, outcome webhooks and the preference check. Worked examples: docs/preferences.md.

const DecisionTarget = Type.Object({ channel: Type.String(), topic: Type.String(), event: Type.String() });

export const DecidingRecipientRuleSchema = Type.Object(
  {
    target: DecisionTarget,
    medium: Type.String(),
    enabled: Type.Boolean(),
    set_at: Nullable(Timestamp),
    set_via: Nullable(Type.String({ enum: ['api_key', 'recipient_token', 'unsubscribe_link'], description: 'Who set the rule; null for rules set before this was recorded' })),
  },
  { title: 'DecidingRecipientRule' },
);

export const DecidingCatalogEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    label: Type.String(),
    target: DecisionTarget,
    medium: Type.String(),
    default_enabled: Type.Boolean(),
    mandatory: Type.Boolean(),
  },
  { title: 'DecidingCatalogEntry' },
);

const CASCADE_STEPS = ['recipient_rule', 'recipient_topic_any_rule', 'catalog_entry', 'catalog_topic_any_entry', 'medium_default', 'mandatory_entry'];
// A canceled send, a throttled delivery, an escalation email whose in-app was read in time.
const GATES = [
  'not_cataloged',
  'no_target',
  'no_primary_contact',
  'address_undeliverable',
  'contact_unconfirmed',
  'sms_country_not_allowed',
  'quota_exceeded',
  'broadcast_limit_exceeded',
  'provider_error',
  'address_rejected',
  'subscription_expired',
  'canceled',
  'throttled',
  'read_in_app',
  'no_device',
  'provider_not_configured',
  'device_gone',
];

const because = (values: string[], description: string) => Nullable(Type.String({ enum: values, description }));
const rule = Nullable(Type.Union([DecidingRecipientRuleSchema, DecidingCatalogEntrySchema], { description: 'The recipient rule or catalog entry that decided; null for medium_default and for gates' }));

export const MediumDecisionSchema = Type.Object(
  {
    result: Type.String({
      description:
        'The medium outcome: delivered | suppressed | throttled | canceled | quota_exceeded | failed | pending (in_app); sent | skipped | failed | pending (email, web_push, chat, mobile_push); also delivered | undelivered (sms)',
    }),
    because: because([...CASCADE_STEPS, ...GATES], 'The cascade step or the gate after it that decided; null only while pending'),
    rule,
  },
  { title: 'MediumDecision' },
);

export const NotificationDecisionSchema = Nullable(
  Type.Object(
    { in_app: Type.Optional(MediumDecisionSchema), email: Type.Optional(MediumDecisionSchema), sms: Type.Optional(MediumDecisionSchema), web_push: Type.Optional(MediumDecisionSchema), chat: Type.Optional(MediumDecisionSchema), mobile_push: Type.Optional(MediumDecisionSchema) },
    { title: 'NotificationDecision', description: 'One entry per medium the send asked for; null for notifications written before decisions were recorded' },
  ),
);

export const CheckDecisionSchema = Type.Object(
  {
    result: Type.String({ enum: ['enabled', 'disabled'] }),
    because: because(CASCADE_STEPS, 'The cascade step that decided'),
    rule,
  },
  { title: 'PreferenceDecision' },
);
