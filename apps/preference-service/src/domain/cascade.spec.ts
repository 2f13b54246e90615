import { resolvePreference, type CascadeInput, type ResolvedPreference } from './cascade';
import { catalogOf, type CatalogEntry } from './catalog';
import { resolveTarget } from './resolve';
import type { RuleSet } from './rules';
import { keyOf, type Medium, type Target } from './targets';

const on = { defaultEnabled: true, mandatory: false };
const off = { defaultEnabled: false, mandatory: false };
const mandatoryOn = { defaultEnabled: true, mandatory: true };
const mandatoryOff = { defaultEnabled: false, mandatory: true };

type Row = [string, Partial<CascadeInput>, Partial<ResolvedPreference>];

// Each row: the situation, the cascade input (defaults: topic 'deploys', medium in_app, no rules),
// and the fields of the result that matter for it.
const table: Row[] = [
  // Step 1: the recipient's exact rule decides over everything below it.
  ['when the recipient has an exact rule, then it decides over their any rule and the catalog', { own: { exact: false, any: true }, catalog: { exact: on, any: on } }, { enabled: false, inherited: false }],
  ['when the exact rule enables an email the catalog disables, then email is enabled', { medium: 'email', own: { exact: true }, catalog: { exact: off } }, { enabled: true, inherited: false, cataloged: true }],
  // Step 2: the recipient's `topic: any` rule.
  ['when only the recipient any rule exists, then it decides over the catalog exact entry', { own: { any: false }, catalog: { exact: on } }, { enabled: false, inherited: true }],
  ['when only the recipient any rule enables email, then email is enabled without any catalog entry', { medium: 'email', own: { any: true } }, { enabled: true, inherited: true, cataloged: false, covered: false }],
  // Step 3: the catalog's exact entry.
  ['when the recipient has no rule, then the catalog exact default decides over the catalog any', { catalog: { exact: off, any: on } }, { enabled: false, inherited: true, cataloged: true, covered: true }],
  ['when the catalog exact email entry is enabled by default, then email is enabled', { medium: 'email', catalog: { exact: on } }, { enabled: true, cataloged: true, covered: true }],
  // Step 4: the catalog's `topic: any` entry (coverage without being cataloged).
  ['when only the catalog any entry exists, then its default decides and it covers the topic', { medium: 'email', catalog: { any: on } }, { enabled: true, cataloged: false, covered: true, mandatory: false }],
  ['when only the catalog any in-app entry is off, then in-app is disabled', { catalog: { any: off } }, { enabled: false, cataloged: false, covered: true }],
  // Step 5: the medium's default.
  ['when nothing is set for in_app, then it delivers', {}, { enabled: true, inherited: true, cataloged: false, mandatory: false, covered: false }],
  ['when nothing is set for email, then it does not deliver', { medium: 'email' }, { enabled: false, inherited: true, cataloged: false, mandatory: false, covered: false }],
  // topic `none` never takes a `topic: any` rule, the recipient's or the catalog's.
  ['when the topic is none, then the recipient any rule is ignored', { topic: 'none', own: { any: false } }, { enabled: true, inherited: true }],
  ['when the topic is none, then the catalog any entry is ignored (email stays off, not covered)', { topic: 'none', medium: 'email', catalog: { any: on } }, { enabled: false, covered: false, cataloged: false }],
  ['when the topic is none, then a mandatory catalog any entry neither governs nor forces', { topic: 'none', catalog: { any: mandatoryOff } }, { enabled: true, mandatory: false, covered: false }],
  ['when the topic is none and both any rules exist, then the exact catalog entry still decides', { topic: 'none', own: { any: true }, catalog: { exact: off, any: on } }, { enabled: false, cataloged: true }],
  // The target `topic: any` itself: its exact rule is the any rule.
  ['when the target topic is any, then its own exact rule decides', { topic: 'any', own: { exact: false }, catalog: { exact: on } }, { enabled: false, inherited: false, cataloged: true }],
  // Mandatory entries.
  ['when the exact entry is mandatory and on, then the recipient rules are ignored', { own: { exact: false, any: false }, catalog: { exact: mandatoryOn } }, { enabled: true, mandatory: true, inherited: false }],
  ['when the exact entry is mandatory with default_enabled false, then it is off even if the recipient enabled it', { own: { exact: true }, catalog: { exact: mandatoryOff } }, { enabled: false, mandatory: true }],
  ['when the governing entry is a mandatory any entry, then it forces its default', { medium: 'email', own: { exact: false }, catalog: { any: mandatoryOn } }, { enabled: true, mandatory: true, cataloged: false, covered: true }],
  ['when the exact entry is not mandatory but the any entry is, then the exact entry governs and the recipient decides', { own: { exact: false }, catalog: { exact: on, any: mandatoryOn } }, { enabled: false, mandatory: false }],
];

describe('resolvePreference (the cascade)', () => {
  it.each(table)('%s', (_name, input, expected) => {
    const result = resolvePreference({ topic: 'deploys', medium: 'in_app', own: {}, catalog: {}, ...input } as CascadeInput);
    expect(result).toMatchObject(expected);
  });
});

describe('catalog changes seen through the cascade', () => {
  const target: Target = { channel: 'ci', topic: 'deploys', event: 'failed' };
  const entry = (id: number, t: Target, medium: Medium, defaultEnabled: boolean): CatalogEntry => ({
    id, projectId: 1, target: t, medium, name: `entry ${id}`, description: null, defaultEnabled, mandatory: false,
    createdAt: new Date(0), updatedAt: new Date(0),
  });
  const ownEmail = (enabled: boolean): RuleSet =>
    new Map([[keyOf(target, 'email'), { target, medium: 'email' as const, enabled, updatedAt: new Date(0) }]]);

  it('when the exact email entry a recipient relied on is deleted (or pruned), then email turns off for them', () => {
    const before = catalogOf([entry(1, target, 'in_app', true), entry(2, target, 'email', true)]);
    const after = catalogOf([entry(1, target, 'in_app', true)]);
    expect(resolveTarget(before, undefined, target, 'email')).toMatchObject({ enabled: true, cataloged: true, covered: true });
    expect(resolveTarget(after, undefined, target, 'email')).toMatchObject({ enabled: false, cataloged: false, covered: false });
  });

  it('when the any email entry covering a topic is deleted, then email turns off for recipients relying on it', () => {
    const anyEmail = entry(3, { ...target, topic: 'any' }, 'email', true);
    expect(resolveTarget(catalogOf([anyEmail]), undefined, target, 'email').enabled).toBe(true);
    expect(resolveTarget(catalogOf([]), undefined, target, 'email').enabled).toBe(false);
  });

  it('when a recipient set email on explicitly, then deleting the entry leaves their decision (but uncovered)', () => {
    const after = catalogOf([]);
    expect(resolveTarget(after, ownEmail(true), target, 'email')).toMatchObject({ enabled: true, inherited: false, covered: false });
  });
});
