import { checkAddress, checkMedium, contactViolations, normalizeAddress, primarySlot } from './contact-rules';

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
    ['sms', ' +15550100 ', ' +15550100 '],
    ['web_push', 'Token-ABC', 'Token-ABC'],
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
    ['sms', '+15550100', null],
    ['sms', 'x'.repeat(320), null],
    ['sms', 'x'.repeat(321), 'address must be at most 320 characters'],
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
