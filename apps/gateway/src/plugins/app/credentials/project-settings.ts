import { CALLING_CODE, hasControlChars, isEmailAddress } from '@herald/contracts';
import { invalid, type Violation } from '@herald/service-kit';
import { Type, type Static } from '@sinclair/typebox';
import { serviceRules } from '../../external/swagger/openapi-document';
import { EMAIL_ADDRESS } from '../../external/swagger/text-patterns';

const NonNegative = Type.Integer({ minimum: 0 });
const EmailAddress = Type.String({ minLength: 3, maxLength: 254, description: 'Exactly one addr-spec (like a contact address), e.g. alerts@example.com', ...serviceRules({ pattern: EMAIL_ADDRESS }) });

/** A project's sender (From): an address and an optional display name. */
export const EmailFromSchema = Type.Object(
  {
    address: EmailAddress,
    name: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()], { description: 'Display name; no control characters' })),
  },
  { title: 'EmailFrom' },
);

/** A project's settings, all with defaults; read by later features through `request.project`. */
export const ProjectSettingsSchema = Type.Object({
  strict_targets: Type.Boolean(),
  max_broadcast_recipients_for_email: NonNegative,
  /** Most recipients a broadcast's push may reach (more eligible: no push sent); 0 refuses push on broadcasts. */
  max_broadcast_recipients_for_push: NonNegative,
  /** Most recipients a send to a list or to recipient ids may email (more eligible: no email sent); 0 refuses email on such sends. */
  max_list_recipients_for_email: NonNegative,
  /** The same for push. */
  max_list_recipients_for_push: NonNegative,
  monthly_quota: Type.Union([NonNegative, Type.Null()]),
  /** Requests per second per key across all gateway replicas (burst twice that); null turns it off. */
  rate_limit_per_second: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** The From of the project's mails; null: the delivery service's SMTP_FROM. */
  email_from: Type.Union([EmailFromSchema, Type.Null()], { description: "Sender of the project's emails; null: the server's default (SMTP_FROM)" }),
  /** Reply-To of the project's mails; null: none. */
  email_reply_to: Type.Union([EmailAddress, Type.Null()], { description: "Reply-To of the project's emails; null: none" }),
  /** Days notifications and broadcasts are kept (decided at send time, like the other send settings); null: forever. */
  retention_days: Type.Union([Type.Integer({ minimum: 1, maximum: 3650 }), Type.Null()]),
  /** Most recipients a send to a list or to recipient ids may text (more eligible: no SMS sent); 0 refuses SMS on such sends; absent (or set to null): 10,000. */
  max_list_recipients_for_sms: Type.Optional(
    Type.Union([NonNegative, Type.Null()], {
      description: 'Most recipients a send to a list or to recipient ids may text (more eligible: no SMS is sent); 0 refuses SMS on such sends (400 list_sms_not_allowed). Absent or null: 10,000.',
    }),
  ),
  /** Most recipients a broadcast's mobile push may reach; 0 refuses mobile push on broadcasts; absent (or set to null): 0. */
  max_broadcast_recipients_for_mobile_push: Type.Optional(
    Type.Union([NonNegative, Type.Null()], {
      description: "Most recipients a broadcast's mobile push may reach (more eligible: no mobile push is sent); 0 refuses mobile push on broadcasts (400 broadcast_mobile_push_not_allowed). Absent or null: 0.",
    }),
  ),
  /** Most recipients a send to a list or to recipient ids may push to their phones; 0 refuses it; absent (or set to null): 10,000. */
  max_list_recipients_for_mobile_push: Type.Optional(
    Type.Union([NonNegative, Type.Null()], {
      description: 'Most recipients a send to a list or to recipient ids may reach by mobile push (more eligible: no mobile push is sent); 0 refuses mobile push on such sends (400 list_mobile_push_not_allowed). Absent or null: 10,000.',
    }),
  ),
  /** The country calling codes the project may text; absent (or set to null): all. */
  sms_country_codes: Type.Optional(
    Type.Union([Type.Array(Type.String({ pattern: CALLING_CODE.source, description: 'A country calling code without +, e.g. 49' }), { maxItems: 300, uniqueItems: true }), Type.Null()], {
      description: 'The country calling codes (e.g. ["49", "44", "1"]) whose numbers the project may text: an sms contact outside them is refused (400 sms_country_not_allowed). Absent or null: all.',
    }),
  ),
});
export type ProjectSettings = Static<typeof ProjectSettingsSchema>;

/** What a create or update may send: any subset; unknown fields are ignored. */
export const ProjectSettingsPatchSchema = Type.Partial(ProjectSettingsSchema);
export type ProjectSettingsPatch = Static<typeof ProjectSettingsPatchSchema>;

export const DEFAULT_SETTINGS: Readonly<ProjectSettings> = Object.freeze({
  strict_targets: false,
  max_broadcast_recipients_for_email: 0,
  max_broadcast_recipients_for_push: 0,
  max_list_recipients_for_email: 10_000,
  max_list_recipients_for_push: 10_000,
  monthly_quota: null,
  rate_limit_per_second: 1000,
  email_from: null,
  email_reply_to: null,
  retention_days: 365,
});

const violation = (path: string, message: string, value: unknown): Violation => ({ message, description: message, property_path: path, invalid_value: value });
const normalizeAddress = (a: string) => a.trim().toLowerCase();

/**
 * Value rules the schema cannot say, checked before anything is written: sender and reply-to
 * addresses are single addr-specs (the contact rule), display names hold no control
 * characters. Returns the patch with addresses in their stored form (trimmed, lowercased).
 */
export function checkSettingsPatch(patch: ProjectSettingsPatch | undefined): ProjectSettingsPatch | undefined {
  if (!patch) return patch;
  const problems: Violation[] = [];
  const out = { ...patch };
  if (patch.email_from) {
    const address = normalizeAddress(patch.email_from.address);
    if (!isEmailAddress(address)) problems.push(violation('settings.email_from.address', 'email_from.address must be exactly one email address', patch.email_from.address));
    const name = patch.email_from.name?.trim() || null;
    if (name !== null && hasControlChars(name)) problems.push(violation('settings.email_from.name', 'email_from.name must not contain control characters', patch.email_from.name));
    out.email_from = { address, name };
  }
  if (typeof patch.email_reply_to === 'string') {
    const address = normalizeAddress(patch.email_reply_to);
    if (!isEmailAddress(address)) problems.push(violation('settings.email_reply_to', 'email_reply_to must be exactly one email address', patch.email_reply_to));
    out.email_reply_to = address;
  }
  if (problems.length > 0) throw invalid('settings are invalid', problems);
  return out;
}

/** Settings shown only when set (absent: their default), so the settings of projects that never set them read as before. */
const OPTIONAL_SETTINGS = ['sms_country_codes', 'max_list_recipients_for_sms', 'max_broadcast_recipients_for_mobile_push', 'max_list_recipients_for_mobile_push'] as const;

/** Merges a validated patch over current settings, keeping only known fields. */
export function mergeSettings(current: Partial<ProjectSettings>, patch: ProjectSettingsPatch = {}): ProjectSettings {
  const merged = { ...DEFAULT_SETTINGS, ...current };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof ProjectSettings)[]) {
    if (patch[key] !== undefined) (merged as Record<string, unknown>)[key] = patch[key];
  }
  for (const key of OPTIONAL_SETTINGS) if (patch[key] !== undefined) (merged as Record<string, unknown>)[key] = patch[key];
  for (const key of Object.keys(merged)) if (!(key in DEFAULT_SETTINGS) && !(OPTIONAL_SETTINGS as readonly string[]).includes(key)) delete (merged as Record<string, unknown>)[key];
  // An optional setting set to null is its default: absent.
  for (const key of OPTIONAL_SETTINGS) if (merged[key] === null) delete merged[key];
  return merged;
}
