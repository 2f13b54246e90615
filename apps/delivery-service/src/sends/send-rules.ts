import { hasControlChars, LIMITS } from '@herald/contracts';
import { checkRecipientId, DomainError, invalid, violation, type Violation } from '@herald/service-kit';
import { DEFAULT_LIST_RECIPIENT_CAP, type ChatContent, type EmailContent, type MobilePushContent, type PushContent, type SendSettings, type SmsContent, type Target } from '../kernel/notification';
import type { AudienceRequest } from './audience-rules';
import { checkMobilePushSize } from '../outbound';
import { mobilePushViolations } from './mobile-push-rules';
import { payloadActionViolations } from '../kernel/notification-actions';
import { escalationViolations, sendAtViolations } from '../kernel/timing-rules';

/** A send as it reaches the delivery service; `recipientId` null is a broadcast. */
export interface SendInput {
  projectId: number;
  settings: SendSettings;
  recipientId: string | null;
  target: Target | null;
  payloadJson: string | null;
  email: EmailContent | null;
  sms: SmsContent | null;
  push: PushContent | null;
  /** The chat block (absent: none). */
  chat?: ChatContent | null;
  /** The mobile_push block (absent: none). */
  mobilePush?: MobilePushContent | null;
  idempotencyKey: string;
  /** When to send, RFC 3339 as sent; absent: now. */
  sendAt?: string;
  /** A send to many: a list or recipient ids, and the ids left out (with `recipientId` null). */
  audience?: AudienceRequest;
}

/** True for a send to a list or to recipient ids (a chosen audience, not every recipient). */
export const isChosenAudience = (input: Pick<SendInput, 'recipientId' | 'audience'>) =>
  input.recipientId === null && input.audience !== undefined && (input.audience.recipientIds.length > 0 || input.audience.list !== null);

/**
 * The email, push, SMS and mobile push caps of a send to many: the list caps for a chosen
 * audience, the broadcast caps otherwise (SMS has none: a broadcast refuses it).
 */
export function outboundCaps(settings: SendSettings, chosen: boolean): { email: number; push: number; sms: number; mobilePush: number } {
  return chosen
    ? {
        email: settings.maxListRecipientsForEmail ?? DEFAULT_LIST_RECIPIENT_CAP,
        push: settings.maxListRecipientsForPush ?? DEFAULT_LIST_RECIPIENT_CAP,
        sms: settings.maxListRecipientsForSms ?? DEFAULT_LIST_RECIPIENT_CAP,
        mobilePush: settings.maxListRecipientsForMobilePush ?? DEFAULT_LIST_RECIPIENT_CAP,
      }
    : { email: settings.maxBroadcastRecipientsForEmail, push: settings.maxBroadcastRecipientsForPush ?? 0, sms: 0, mobilePush: settings.maxBroadcastRecipientsForMobilePush ?? 0 };
}

export type Medium = 'in_app' | 'email' | 'sms' | 'web_push' | 'chat' | 'mobile_push';

/** Lengths count characters (code points), as everywhere in the contract. */
const chars = (s: string) => [...s].length;
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

function targetViolations(target: Target | null, required: boolean): Violation[] {
  if (!target) return required ? [violation('target', 'target is required on a broadcast', null)] : [];
  const out: Violation[] = [];
  for (const field of ['channel', 'topic', 'event'] as const) {
    const v = target[field];
    if (typeof v !== 'string' || v.length === 0) out.push(violation(`target.${field}`, `target.${field} is required`, v));
    else if (chars(v) > LIMITS.targetFieldMax) out.push(violation(`target.${field}`, `target.${field} is longer than ${LIMITS.targetFieldMax} characters`, v));
  }
  return out;
}

function payloadViolations(payloadJson: string | null, required: boolean): Violation[] {
  if (payloadJson === null) return required ? [violation('payload', 'payload is required on a broadcast', null)] : [];
  let value: unknown;
  try {
    value = JSON.parse(payloadJson);
  } catch {
    return [violation('payload', 'payload must be a JSON object', payloadJson)];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [violation('payload', 'payload must be a JSON object', value)];
  if (bytes(payloadJson) > LIMITS.payloadMaxBytes) {
    return [violation('payload', `payload is larger than ${LIMITS.payloadMaxBytes} bytes serialized`, null)];
  }
  return payloadActionViolations(value as Record<string, unknown>);
}

function emailViolations(email: EmailContent | null): Violation[] {
  if (!email) return [];
  const out: Violation[] = [];
  const { subject, html, text } = email;
  if (typeof subject !== 'string' || subject.length < 1) out.push(violation('email.subject', 'email.subject is required', subject));
  else if (chars(subject) > LIMITS.emailSubjectMax) out.push(violation('email.subject', `email.subject is longer than ${LIMITS.emailSubjectMax} characters`, null));
  if (typeof html !== 'string' || html.length < 1) out.push(violation('email.html', 'email.html is required', html));
  else if (bytes(html) > LIMITS.emailHtmlMaxBytes) out.push(violation('email.html', `email.html is larger than ${LIMITS.emailHtmlMaxBytes} bytes`, null));
  const fromName = email.from_name;
  if (fromName !== undefined && (typeof fromName !== 'string' || fromName.trim().length < 1 || [...fromName].length > 256 || hasControlChars(fromName))) {
    out.push(violation('email.from_name', 'email.from_name must be 1 to 256 characters without control characters', fromName));
  }
  if (text !== undefined && typeof text !== 'string') out.push(violation('email.text', 'email.text must be a string', text));
  else if (text !== undefined && bytes(text) > LIMITS.emailTextMaxBytes) out.push(violation('email.text', `email.text is larger than ${LIMITS.emailTextMaxBytes} bytes`, null));
  return out;
}

function smsViolations(sms: SmsContent | null): Violation[] {
  if (!sms) return [];
  const { text } = sms;
  if (typeof text !== 'string' || text.trim().length === 0) return [violation('sms.text', 'sms.text is required', text)];
  if (chars(text) > LIMITS.smsTextMax) return [violation('sms.text', `sms.text is longer than ${LIMITS.smsTextMax} characters`, null)];
  return [];
}

/** An absolute http(s) URL of at most `LIMITS.pushUrlMax` characters. */
function isWebUrl(value: string): boolean {
  if (value.length > LIMITS.pushUrlMax) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' && !u.username && !u.password;
  } catch {
    return false;
  }
}

function pushViolations(push: PushContent | null): Violation[] {
  if (!push) return [];
  const out: Violation[] = [];
  const { title, body, url, icon, tag } = push;
  if (typeof title !== 'string' || title.trim().length === 0) out.push(violation('push.title', 'push.title is required', title));
  else if (chars(title) > LIMITS.pushTitleMax || hasControlChars(title)) out.push(violation('push.title', `push.title must be at most ${LIMITS.pushTitleMax} characters without control characters`, title));
  if (typeof body !== 'string' || body.trim().length === 0) out.push(violation('push.body', 'push.body is required', body));
  for (const [field, value] of [['url', url], ['icon', icon]] as const) {
    if (value !== undefined && (typeof value !== 'string' || !isWebUrl(value))) out.push(violation(`push.${field}`, `push.${field} must be an absolute http or https URL of at most ${LIMITS.pushUrlMax} characters`, value));
  }
  if (tag !== undefined && (typeof tag !== 'string' || tag.length === 0 || chars(tag) > LIMITS.pushTagMax || hasControlChars(tag))) {
    out.push(violation('push.tag', `push.tag must be 1 to ${LIMITS.pushTagMax} characters without control characters`, tag));
  }
  if (out.length === 0 && bytes(JSON.stringify(push)) > LIMITS.pushMaxBytes) out.push(violation('push', `push is larger than ${LIMITS.pushMaxBytes} bytes serialized`, null));
  return out;
}

function recipientViolations(id: string | null): Violation[] {
  const found = id === null ? null : checkRecipientId(id, 'recipient_id');
  return found ? [found] : [];
}

/** A chat block: text of 1 to LIMITS.chatTextMax characters, an optional absolute http(s) link. */
function chatViolations(chat: ChatContent | null | undefined): Violation[] {
  if (!chat) return [];
  const out: Violation[] = [];
  const { text, url } = chat;
  if (typeof text !== 'string' || text.trim().length === 0) out.push(violation('chat.text', 'chat.text is required', text));
  else if (chars(text) > LIMITS.chatTextMax) out.push(violation('chat.text', `chat.text is longer than ${LIMITS.chatTextMax} characters`, null));
  if (url !== undefined && (typeof url !== 'string' || !isWebUrl(url))) out.push(violation('chat.url', `chat.url must be an absolute http or https URL of at most ${LIMITS.pushUrlMax} characters`, url));
  return out;
}

/**
 * Every rule of a send that needs no other service (docs/api-gateway.md, "Send notification"),
 * in this order: field validity (validation_failed, every offending property listed), no
 * medium, sms on a broadcast to every recipient, email, push, sms or mobile push on a send to many the project
 * does not allow (for a send to a list or recipient ids: `max_list_recipients_for_<medium>`). Throws a
 * DomainError; returns the mediums the send asks for (each block asks for its medium).
 */
export function checkSend(input: SendInput, now: Date): Medium[] {
  const broadcast = input.recipientId === null;
  const violations = [
    ...recipientViolations(input.recipientId),
    ...targetViolations(input.target, broadcast),
    ...emailViolations(input.email),
    ...smsViolations(input.sms),
    ...pushViolations(input.push),
    ...chatViolations(input.chat),
    ...mobilePushViolations(input.mobilePush),
    ...sendAtViolations(input.sendAt, now),
    ...escalationViolations(input.email, input.payloadJson !== null),
  ];
  const hasMedium = input.payloadJson !== null || input.email !== null || input.sms !== null || input.push !== null || Boolean(input.chat) || Boolean(input.mobilePush);
  violations.push(...payloadViolations(input.payloadJson, broadcast && hasMedium));
  if (violations.length > 0) throw invalid('The send is invalid', violations);
  if (input.mobilePush) checkMobilePushSize(input.mobilePush);
  if (!hasMedium) throw invalid('A send needs a payload, an email, an sms or a push block', [], 'no_medium');
  const chosen = isChosenAudience(input);
  if (broadcast && !chosen && input.sms) throw invalid('SMS cannot be sent on a broadcast', [], 'broadcast_sms_not_allowed');
  if (broadcast && input.chat) throw invalid('Chat messages cannot be sent on a broadcast', [], 'broadcast_chat_not_allowed');
  const caps = outboundCaps(input.settings, chosen);
  if (chosen && input.email && caps.email <= 0) throw invalid('This project does not allow email on list sends (max_list_recipients_for_email is 0)', [], 'list_email_not_allowed');
  if (chosen && input.push && caps.push <= 0) throw invalid('This project does not allow push on list sends (max_list_recipients_for_push is 0)', [], 'list_push_not_allowed');
  if (chosen && input.sms && caps.sms <= 0) throw invalid('This project does not allow SMS on list sends (max_list_recipients_for_sms is 0)', [], 'list_sms_not_allowed');
  if (chosen && input.mobilePush && caps.mobilePush <= 0) {
    throw invalid('This project does not allow mobile push on list sends (max_list_recipients_for_mobile_push is 0)', [], 'list_mobile_push_not_allowed');
  }
  if (broadcast && input.email && caps.email <= 0) {
    throw invalid('This project does not allow email on broadcasts', [], 'broadcast_email_not_allowed');
  }
  if (broadcast && input.push && caps.push <= 0) {
    throw invalid('This project does not allow push on broadcasts (max_broadcast_recipients_for_push is 0)', [], 'broadcast_push_not_allowed');
  }
  if (broadcast && !chosen && input.mobilePush && caps.mobilePush <= 0) {
    throw invalid('This project does not allow mobile push on broadcasts (max_broadcast_recipients_for_mobile_push is 0)', [], 'broadcast_mobile_push_not_allowed');
  }
  const mediums: Medium[] = [];
  if (input.payloadJson !== null) mediums.push('in_app');
  if (input.email) mediums.push('email');
  if (input.sms) mediums.push('sms');
  if (input.push) mediums.push('web_push');
  if (input.chat) mediums.push('chat');
  if (input.mobilePush) mediums.push('mobile_push');
  return mediums;
}

export const targetNotCataloged = (mediums: Medium[]) =>
  new DomainError('invalid', 'target_not_cataloged', `The target is not cataloged for ${mediums.join(', ')} and this project requires cataloged targets`);
