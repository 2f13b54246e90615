import { createECDH, randomBytes } from 'node:crypto';
import { checkAddress, checkMedium, contactViolations, needsOwnerApproval, normalizeAddress, parsePushSubscription, primarySlot, readyToBecomePrimary } from './contact-rules';

// A real subscription's keys: an uncompressed P-256 point and 16 random bytes, as a browser makes them.
const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const p256dh = ecdh.getPublicKey().toString('base64url');
const auth = randomBytes(16).toString('base64url');
const endpoint = 'https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O-byuxb_wJsKRaKvV_iKw56s16ekq6FUqoCF7k2nICUpd8fHPxVTgqLunFeVeB9lLCQZyohyAztTH8ZQL9WCxKpA6dvTG_TUIhQUFq_n';
const sub = (over: Record<string, unknown> = {}, keys: Record<string, unknown> = {}) => JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh, auth, ...keys }, ...over });
const canonical = JSON.stringify({ endpoint, keys: { p256dh, auth } });

describe('checkMedium', () => {
  it.each([
    ['email', true],
    ['sms', true],
    ['web_push', true],
    ['mobile_push', true],
    ['in_app', false],
    ['EMAIL', false],
    ['', false],
  ])('when the medium is %p, then valid is %p', (medium, valid) => {
    expect(checkMedium(medium) === null).toBe(valid);
  });
});

describe('normalizeAddress', () => {
  it.each([
    ['email', '  Ann@Example.COM ', 'ann@example.com'],
    ['sms', ' +1 555 0100 ', '+15550100'],
    ['sms', '+49 (151) 1234-5678', '+4915112345678'],
    ['web_push', 'Token-ABC', 'Token-ABC'],
    ['web_push', sub(), canonical],
    ['web_push', JSON.stringify({ keys: { auth: `${auth}==`, p256dh: ecdh.getPublicKey().toString('base64') }, endpoint, extra: 1 }), canonical],
    ['mobile_push', ' token ', ' token '],
  ])('when the medium is %s and the address %p, then it is stored as %p', (medium, address, stored) => {
    expect(normalizeAddress(medium, address)).toBe(stored);
  });
});

const EMAIL = 'address must be one email address (local@domain.tld, at most 254 characters, no spaces, lists, names or quotes)';

describe('checkAddress', () => {
  it.each([
    ['email', 'a@b.io', null],
    ['email', 'a@b', EMAIL],
    ['email', 'v1@a.io,v2@b.io', EMAIL],
    ['email', 'v1@a.io; v2@b.io', EMAIL],
    ['email', 'Ann <ann@b.io>', EMAIL],
    ['email', '"ann"@b.io', EMAIL],
    ['email', 'a@b@c.io', EMAIL],
    ['email', 'a@b..io', EMAIL],
    ['email', 'a\u0000@b.io', EMAIL],
    ['email', `${'a'.repeat(64)}@${'b'.repeat(185)}.io`, null],
    ['email', `${'a'.repeat(64)}@${'b'.repeat(186)}.io`, null],
    ['email', `${'a'.repeat(64)}@${'b'.repeat(187)}.io`, EMAIL],
    ['email', '  A@B.io  ', null],
    ['email', 'no-at-sign', EMAIL],
    ['email', '@example.com', EMAIL],
    ['email', 'ann@', EMAIL],
    ['email', '   ', 'address must not be empty'],
    ['email', `${'a'.repeat(310)}@b.example`, EMAIL],
    ['email', `${'a'.repeat(311)}@b.example`, 'address must be at most 320 characters'],
    ['sms', '', 'address must not be empty'],
    ['mobile_push', 'x'.repeat(320), null],
    ['mobile_push', 'x'.repeat(321), 'address must be at most 320 characters'],
  ])('when the medium is %s and the address %p, then the violation is %p', (medium, address, expected) => {
    expect(checkAddress(medium, address)?.message ?? null).toBe(expected);
  });
});

const E164 = 'address must be a phone number in E.164 form: + and 8 to 15 digits, e.g. +4915112345678';

describe('checkAddress: sms is an E.164 number', () => {
  it.each([
    ['+15550100', null],
    ['+4915112345678', null],
    ['+49 151 1234 5678', null],
    ['+1 (555) 010-0199', null],
    ['+123456789012345', null],
    ['+1234567890123456', E164],
    ['+1234567', E164],
    ['4915112345678', E164],
    ['+04915112345678', E164],
    ['++4915112345678', E164],
    ['+49151123456x8', E164],
    ['+49 151 1234 5678 ext 9', E164],
    ['tel:+4915112345678', E164],
    ['+', E164],
    ['   ', 'address must not be empty'],
  ])('when the address is %p, then the violation is %p', (address, expected) => {
    expect(checkAddress('sms', address)?.message ?? null).toBe(expected);
  });
});

describe('checkAddress: web_push is a PushSubscription', () => {
  const short = ecdh.getPublicKey().subarray(0, 33).toString('base64url');
  const compressed = Buffer.concat([Buffer.from([0x02]), ecdh.getPublicKey().subarray(1, 65)]).toString('base64url');
  it.each<[string, string, string | null]>([
    ['a browser subscription', sub(), null],
    ['one without expirationTime', JSON.stringify({ endpoint, keys: { p256dh, auth } }), null],
    ['not JSON', 'https://push.example/abc', 'address must be the PushSubscription as JSON ({"endpoint", "keys": {"p256dh", "auth"}})'],
    ['a JSON array', '[1]', 'address must be a PushSubscription JSON object'],
    ['no endpoint', sub({ endpoint: undefined }), 'the subscription endpoint must be an absolute https URL'],
    ['an http endpoint', sub({ endpoint: 'http://push.example/abc' }), 'the subscription endpoint must be an absolute https URL'],
    ['a relative endpoint', sub({ endpoint: '/push/abc' }), 'the subscription endpoint must be an absolute https URL'],
    ['an endpoint with credentials', sub({ endpoint: 'https://u:p@push.example/abc' }), 'the subscription endpoint must not carry credentials'],
    ['a loopback endpoint', sub({ endpoint: 'https://127.0.0.1:8443/push/1' }), 'the subscription endpoint is not allowed: 127.0.0.1 is a loopback, private, link-local or reserved address'],
    ['a metadata endpoint', sub({ endpoint: 'https://169.254.169.254/latest' }), 'the subscription endpoint is not allowed: 169.254.169.254 is a loopback, private, link-local or reserved address'],
    ['a localhost endpoint', sub({ endpoint: 'https://localhost/push/1' }), 'the subscription endpoint is not allowed: localhost is a local name'],
    ['a single-label endpoint', sub({ endpoint: 'https://mongo/push/1' }), 'the subscription endpoint is not allowed: mongo is a local name'],
    ['a cluster service endpoint', sub({ endpoint: 'https://delivery-service.herald.svc.cluster.local:50053/' }), 'the subscription endpoint is not allowed: delivery-service.herald.svc.cluster.local is a local name'],
    ['a .svc endpoint', sub({ endpoint: 'https://gateway.herald.svc/push' }), 'the subscription endpoint is not allowed: gateway.herald.svc is a local name'],
    ['an .internal endpoint', sub({ endpoint: 'https://push.corp.internal/x' }), 'the subscription endpoint is not allowed: push.corp.internal is a local name'],
    ['no keys', JSON.stringify({ endpoint }), 'keys.p256dh must be the base64url of an uncompressed P-256 public key (65 bytes)'],
    ['a short p256dh', sub({}, { p256dh: short }), 'keys.p256dh must be the base64url of an uncompressed P-256 public key (65 bytes)'],
    ['a compressed point', sub({}, { p256dh: compressed.slice(0, 44) }), 'keys.p256dh must be the base64url of an uncompressed P-256 public key (65 bytes)'],
    ['a p256dh that is not base64', sub({}, { p256dh: '!'.repeat(87) }), 'keys.p256dh must be the base64url of an uncompressed P-256 public key (65 bytes)'],
    ['an auth of 15 bytes', sub({}, { auth: randomBytes(15).toString('base64url') }), 'keys.auth must be the base64url of 16 bytes'],
    ['an auth that is a number', sub({}, { auth: 42 }), 'keys.auth must be the base64url of 16 bytes'],
  ])('when the address is %s, then the violation is %p', (_what, address, expected) => {
    expect(checkAddress('web_push', address)?.message ?? null).toBe(expected);
  });

  it('when private push endpoints are allowed (tests, the local fake), then a loopback endpoint passes', () => {
    expect(checkAddress('web_push', sub({ endpoint: 'https://127.0.0.1:8443/push/1' }), { allowPrivatePush: true })).toBeNull();
  });

  it.each([
    ['push.example.com', null],
    ['attacker.example', null],
    ['fcm.googleapis.com.evil.example', null],
    ['push.example.com', ['*.notify.windows.com']],
  ])('when the endpoint is on %s, not a known push service (allowed: %p), then it is refused naming address', (host, allowed) => {
    const rules = allowed ? { pushAllowedHosts: allowed } : {};
    expect(checkAddress('web_push', sub({ endpoint: `https://${host}/push/1` }), rules)).toMatchObject({
      property_path: 'address',
      message: `the subscription endpoint must be on a known push service: ${host} is not one (PUSH_ALLOWED_HOSTS)`,
    });
  });

  it('when the endpoint is on a host PUSH_ALLOWED_HOSTS lists, then it passes', () => {
    expect(checkAddress('web_push', sub({ endpoint: 'https://push.example.com/push/1' }), { pushAllowedHosts: ['push.example.com'] })).toBeNull();
    expect(checkAddress('web_push', sub({ endpoint: 'https://db5p.notify.windows.com/w/1' }))).toBeNull();
  });

  it('when the subscription is longer than 4,096 characters, then it is refused', () => {
    expect(checkAddress('web_push', sub({ endpoint: `https://push.example/${'a'.repeat(4100)}` }))?.message).toBe('address must be at most 4096 characters');
  });

  it('when a subscription is parsed, then its stored form keeps only endpoint and keys', () => {
    expect(parsePushSubscription(sub())).toEqual({ stored: canonical });
  });
});

describe('checkAddress: lengths of other mediums', () => {
  it.each([
    ['mobile_push', 'x'.repeat(320), null],
  ])('when the medium is %s and the address %p, then the violation is %p', (medium, address, expected) => {
    expect(checkAddress(medium, address)?.message ?? null).toBe(expected);
  });
});

describe('contactViolations', () => {
  it('when medium and address are both bad, then there is one violation per property', () => {
    expect(contactViolations({ medium: 'fax', address: '' }).map((v) => v.property_path)).toEqual(['medium', 'address']);
  });
});

describe('primarySlot', () => {
  it.each([
    [7, 'email', true, 'email'],
    [7, 'email', false, 'c:7'],
    [8, 'sms', false, 'c:8'],
  ])('when contact %p of %s has primary=%p, then its slot is %p', (id, medium, primary, slot) => {
    expect(primarySlot(id, medium, primary)).toBe(slot);
  });
});

describe('needsOwnerApproval', () => {
  const verified = { verifiedAt: new Date(0), awaitingConfirmation: false };
  const cases: Array<[string, string, boolean, { verifiedAt: Date | null; awaitingConfirmation: boolean } | null, boolean]> = [
    ['a token replacing a verified primary email', 'email', true, verified, true],
    ['a key replacing a verified primary email', 'email', false, verified, false],
    ['a token replacing an unverified primary email', 'email', true, { verifiedAt: null, awaitingConfirmation: false }, false],
    ['a token replacing a primary email awaiting its own link', 'email', true, { verifiedAt: new Date(0), awaitingConfirmation: true }, false],
    ['a token setting the first email', 'email', true, null, false],
    ['a token replacing a verified primary of another medium', 'sms', true, verified, false],
  ];
  it.each(cases)('when %s, then the answer is as in the table', (_what, medium, byToken, primary, expected) => {
    expect(needsOwnerApproval(medium, byToken, primary)).toBe(expected);
  });
});

describe('readyToBecomePrimary', () => {
  it.each([
    [true, false, new Date(0), true],
    [true, true, new Date(0), false],
    [true, false, null, false],
    [false, false, new Date(0), false],
  ])('when pending %s, awaiting its link %s, approved %s, then ready is %s', (pendingPrimary, awaitingConfirmation, ownerApprovedAt, expected) => {
    expect(readyToBecomePrimary({ pendingPrimary, awaitingConfirmation, ownerApprovedAt })).toBe(expected);
  });
});
