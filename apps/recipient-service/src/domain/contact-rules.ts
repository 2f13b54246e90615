import { BROWSER_PUSH_HOSTS, callingCodeAllowed, CONTACT_MEDIUMS, isEmailAddress, LIMITS } from '@herald/contracts';
import { forbiddenHost, hostAllowed, violation, type Violation } from '@herald/service-kit';
import { checkChatAddress, checkChatProvider, CHAT_WEBHOOK_HOSTS, type ChatAddressRules } from './chat-address';

export type Medium = (typeof CONTACT_MEDIUMS)[number];

export function isMedium(value: string): value is Medium {
  return (CONTACT_MEDIUMS as readonly string[]).includes(value);
}

export function checkMedium(medium: string): Violation | null {
  return isMedium(medium) ? null : violation('medium', `medium must be one of ${CONTACT_MEDIUMS.join(', ')}`, medium);
}

/** Contacts a recipient may hold per medium: a script with one token cannot pile up addresses. */
export const MAX_CONTACTS_PER_MEDIUM = 20;

/** What the address rules may allow beyond the defaults. */
export interface AddressRules {
  /** Web push endpoints on loopback, private or reserved hosts (PUSH_ALLOW_PRIVATE: development and tests). */
  allowPrivatePush?: boolean;
  /** Hosts a web push endpoint on a public host may be on (PUSH_ALLOWED_HOSTS); the browsers' push services by default. */
  pushAllowedHosts?: string[];
  /** Chat webhook URLs: the allowed hosts (CHAT_ALLOWED_HOSTS) and private hosts (CHAT_ALLOW_PRIVATE); the chat services' own hosts by default. */
  chat?: ChatAddressRules;
}

const DEFAULT_CHAT_RULES: ChatAddressRules = { allowedHosts: CHAT_WEBHOOK_HOSTS.split(','), allowPrivate: false };

/** E.164: `+`, a country code not starting with 0, 8 to 15 digits in all. */
const E164 = /^\+[1-9]\d{7,14}$/;
/** Separators people write in phone numbers, dropped when stored: spaces, dashes, dots, parentheses. */
const PHONE_SEPARATORS = /[\s\-.()\u00a0]/g;

/** A base64url value of exactly `bytes` bytes (padding and standard base64 accepted), canonical (no padding); null otherwise. */
function base64urlOf(value: unknown, bytes: number): string | null {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_\-+/]+={0,2}$/.test(value)) return null;
  const raw = Buffer.from(value.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url');
  return raw.length === bytes ? raw.toString('base64url') : null;
}

/**
 * A browser's PushSubscription (what `subscription.toJSON()` gives, sent as the contact's address,
 * JSON text) in its stored form: `{"endpoint", "keys": {"p256dh", "auth"}}` in that order, keys
 * canonical base64url, `expirationTime` and anything else dropped. Returns why it is not one, or the form.
 */
export function parsePushSubscription(address: string, rules: AddressRules = {}): { stored: string } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(address);
  } catch {
    return { problem: 'address must be the PushSubscription as JSON ({"endpoint", "keys": {"p256dh", "auth"}})' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'address must be a PushSubscription JSON object' };
  const sub = value as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  let url: URL;
  try {
    url = new URL(String(sub.endpoint));
  } catch {
    return { problem: 'the subscription endpoint must be an absolute https URL' };
  }
  if (typeof sub.endpoint !== 'string' || url.protocol !== 'https:' || !url.hostname) return { problem: 'the subscription endpoint must be an absolute https URL' };
  if (url.username || url.password) return { problem: 'the subscription endpoint must not carry credentials' };
  const local = forbiddenHost(url.hostname);
  if (local && !rules.allowPrivatePush) return { problem: `the subscription endpoint is not allowed: ${local}` };
  // A private host passed only by PUSH_ALLOW_PRIVATE (the local fake); a public one must be a known push service.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!local && !hostAllowed(host, rules.pushAllowedHosts ?? BROWSER_PUSH_HOSTS.split(','))) {
    return { problem: `the subscription endpoint must be on a known push service: ${host} is not one (PUSH_ALLOWED_HOSTS)` };
  }
  // p256dh: an uncompressed P-256 point (65 bytes, 0x04 first); auth: 16 random bytes (RFC 8291).
  const p256dh = base64urlOf(sub.keys?.p256dh, 65);
  if (!p256dh || Buffer.from(p256dh, 'base64url')[0] !== 0x04) return { problem: 'keys.p256dh must be the base64url of an uncompressed P-256 public key (65 bytes)' };
  const auth = base64urlOf(sub.keys?.auth, 16);
  if (!auth) return { problem: 'keys.auth must be the base64url of 16 bytes' };
  return { stored: JSON.stringify({ endpoint: sub.endpoint, keys: { p256dh, auth } }) };
}

/**
 * The stored form of an address: email addresses are trimmed and lowercased, phone numbers lose
 * their separators (`+49 151 1234-5678` → `+4915112345678`), push subscriptions take their
 * canonical JSON; others are kept as sent. An address that is not valid is returned as sent (the
 * rules below refuse it).
 */
export function normalizeAddress(medium: string, address: string): string {
  if (medium === 'email') return address.trim().toLowerCase();
  if (medium === 'sms') return address.replace(PHONE_SEPARATORS, '');
  if (medium === 'web_push') {
    const parsed = parsePushSubscription(address, { allowPrivatePush: true });
    return 'stored' in parsed ? parsed.stored : address;
  }
  return address;
}

/**
 * Address rules, judged on the normalized address: 1–320 characters (a web push subscription up to
 * 4,096); email is exactly one addr-spec (`isEmailAddress`); sms an E.164 number; web_push a
 * PushSubscription whose endpoint passes the address guard.
 */
export function checkAddress(medium: string, address: string, rules: AddressRules = {}, provider?: string): Violation | null {
  const stored = normalizeAddress(medium, address);
  if (stored.trim().length === 0) return violation('address', 'address must not be empty', address);
  const max = medium === 'web_push' ? LIMITS.webPushAddressMax : medium === 'chat' ? LIMITS.chatAddressMax : LIMITS.contactAddressMax;
  // Judged on the stored form, and for a phone number on what was sent too (separators count).
  if ([...stored].length > max || (medium === 'sms' && [...address].length > max)) {
    return violation('address', `address must be at most ${max} characters`, medium === 'web_push' ? `${address.slice(0, 64)}…` : address);
  }
  if (medium === 'sms' && !E164.test(stored)) {
    return violation('address', 'address must be a phone number in E.164 form: + and 8 to 15 digits, e.g. +4915112345678', address);
  }
  if (medium === 'chat') return checkChatAddress(provider, stored, rules.chat ?? DEFAULT_CHAT_RULES);
  if (medium === 'web_push') {
    const parsed = parsePushSubscription(address, rules);
    if ('problem' in parsed) return violation('address', parsed.problem, address.length > 200 ? `${address.slice(0, 200)}…` : address);
  }
  if (medium === 'email') {
    if (!isEmailAddress(stored)) {
      return violation(
        'address',
        `address must be one email address (local@domain.tld, at most ${LIMITS.emailAddressMax} characters, no spaces, lists, names or quotes)`,
        address,
      );
    }
  }
  return null;
}

/** A chat contact names its service (slack, teams, discord); no other medium has a provider. */
export function checkProvider(medium: string, provider: string | undefined): Violation | null {
  if (medium === 'chat') return checkChatProvider(provider);
  return provider === undefined ? null : violation('provider', 'provider is only for chat contacts', provider);
}

/** Violations of a (medium, address, provider) contact, one per offending property. */
export function contactViolations(input: { medium: string; address: string; provider?: string }, rules: AddressRules = {}): Violation[] {
  return [checkMedium(input.medium), checkProvider(input.medium, input.provider), checkAddress(input.medium, input.address, rules, input.provider)].filter((v): v is Violation => v !== null);
}

/**
 * Whether a new or changed address starts awaiting its owner's confirmation: when a recipient
 * token (a browser) wrote it and it is an email address (confirmed by a mailed link) or an sms
 * number (confirmed by a code texted to it, so a token cannot point sends at premium numbers). An
 * address written with a key is the project's server's word and is used at once (the contract);
 * web push subscriptions are used at once.
 */
export function awaitsConfirmation(medium: string, byRecipientToken: boolean): boolean {
  return byRecipientToken && (medium === 'email' || medium === 'sms');
}

/** Whether the project may text this (stored, E.164) number: its calling code is listed, or no list is set. */
export function smsCountryAllowed(medium: string, address: string, smsCountryCodes: readonly string[] = []): boolean {
  return medium !== 'sms' || callingCodeAllowed(address, smsCountryCodes);
}

/** Whether a write is refused for its credential: a recipient token may not write a chat contact (it could point the project's bot at any channel). */
export const chatWriteRefused = (medium: string, byRecipientToken: boolean | undefined): boolean => medium === 'chat' && byRecipientToken === true;

/**
 * Whether a recipient token's change of the primary email needs the current owner's approval: the
 * recipient's primary address is verified (its owner has shown they read mail there, by a link or a
 * key's verification) and in use. Without a verified primary a token's address only awaits its own
 * confirmation: a token can deny the recipient its mail, never redirect mail someone proved to read.
 */
export function needsOwnerApproval(
  medium: string,
  byRecipientToken: boolean,
  primary: { verifiedAt: Date | null; awaitingConfirmation: boolean } | null,
): boolean {
  return byRecipientToken && medium === 'email' && primary !== null && primary.verifiedAt !== null && !primary.awaitingConfirmation;
}

/** A pending primary takes effect once its own link was followed and the current primary's owner approved. */
export function readyToBecomePrimary(contact: { pendingPrimary: boolean; awaitingConfirmation: boolean; ownerApprovedAt: Date | null }): boolean {
  return contact.pendingPrimary && !contact.awaitingConfirmation && contact.ownerApprovedAt !== null;
}

/**
 * A contact as a write answers it: `confirmationNeeded` when this write put an address awaiting
 * confirmation; `approvalAddress` when the change waits for the owner of that (current primary) address.
 */
export type WrittenContact<C> = C & { confirmationNeeded?: boolean; approvalAddress?: string };

/**
 * The value of the unique (project, recipient, primary_slot) index: the medium for a primary
 * contact, so a second primary of the medium is refused by the store; a value unique to the
 * contact otherwise.
 */
export function primarySlot(contactId: number, medium: string, isPrimary: boolean): string {
  return isPrimary ? medium : `c:${contactId}`;
}
