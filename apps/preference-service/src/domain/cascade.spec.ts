import { resolvePreference, type CascadeStep, type ResolvedPreference } from './cascade';
import { catalogOf, type CatalogEntry } from './catalog';
import { resolveTarget } from './resolve';
import type { RuleSet } from './rules';
import { keyOf, type Medium, type Target } from './targets';

const on = { defaultEnabled: true, mandatory: false };
const off = { defaultEnabled: false, mandatory: false };
const mandatoryOn = { defaultEnabled: true, mandatory: true };
const mandatoryOff = { defaultEnabled: false, mandatory: true };

type CatalogRow = typeof on;
/** The situation: the recipient's rules as their `enabled`, the catalog entries as their flags. */
interface Situation {
  topic?: string;
  medium?: Medium;
  own?: { exact?: boolean; any?: boolean };
  catalog?: { exact?: CatalogRow; any?: CatalogRow };
}
/** Which input decided: the recipient's exact or any rule, the catalog's exact or any entry, or none (medium default). */
type Slot = 'own.exact' | 'own.any' | 'catalog.exact' | 'catalog.any' | null;

type Row = [string, Situation, Partial<Omit<ResolvedPreference, 'decision'>>, CascadeStep, Slot];

// Each row: the situation (defaults: topic 'deploys', medium in_app, no rules), the fields of the
// result that matter for it, the deciding step, and which rule or entry decided.
const table: Row[] = [
  // Step 1: the recipient's exact rule decides over everything below it.
  ['when the recipient has an exact rule, then it decides over their any rule and the catalog', { own: { exact: false, any: true }, catalog: { exact: on, any: on } }, { enabled: false, inherited: false }, 'recipient_rule', 'own.exact'],
  ['when the exact rule enables an email the catalog disables, then email is enabled', { medium: 'email', own: { exact: true }, catalog: { exact: off } }, { enabled: true, inherited: false, cataloged: true }, 'recipient_rule', 'own.exact'],
  ['when the exact rule enables an uncataloged email, then it decides (delivery still gates on coverage)', { medium: 'email', own: { exact: true } }, { enabled: true, cataloged: false, covered: false }, 'recipient_rule', 'own.exact'],
  // Step 2: the recipient's `topic: any` rule.
  ['when only the recipient any rule exists, then it decides over the catalog exact entry', { own: { any: false }, catalog: { exact: on } }, { enabled: false, inherited: true }, 'recipient_topic_any_rule', 'own.any'],
  ['when only the recipient any rule enables email, then email is enabled without any catalog entry', { medium: 'email', own: { any: true } }, { enabled: true, inherited: true, cataloged: false, covered: false }, 'recipient_topic_any_rule', 'own.any'],
  // Step 3: the catalog's exact entry.
  ['when the recipient has no rule, then the catalog exact default decides over the catalog any', { catalog: { exact: off, any: on } }, { enabled: false, inherited: true, cataloged: true, covered: true }, 'catalog_entry', 'catalog.exact'],
  ['when the catalog exact email entry is enabled by default, then email is enabled', { medium: 'email', catalog: { exact: on } }, { enabled: true, cataloged: true, covered: true }, 'catalog_entry', 'catalog.exact'],
  // Step 4: the catalog's `topic: any` entry (coverage without being cataloged).
  ['when only the catalog any entry exists, then its default decides and it covers the topic', { medium: 'email', catalog: { any: on } }, { enabled: true, cataloged: false, covered: true, mandatory: false }, 'catalog_topic_any_entry', 'catalog.any'],
  ['when only the catalog any in-app entry is off, then in-app is disabled', { catalog: { any: off } }, { enabled: false, cataloged: false, covered: true }, 'catalog_topic_any_entry', 'catalog.any'],
  // Step 5: the medium's default.
  ['when nothing is set for in_app (uncataloged), then it delivers by the medium default', {}, { enabled: true, inherited: true, cataloged: false, mandatory: false, covered: false }, 'medium_default', null],
  ['when nothing is set for email, then it does not deliver (email default off)', { medium: 'email' }, { enabled: false, inherited: true, cataloged: false, mandatory: false, covered: false }, 'medium_default', null],
  // topic `none` never takes a `topic: any` rule, the recipient's or the catalog's.
  ['when the topic is none, then the recipient any rule is ignored', { topic: 'none', own: { any: false } }, { enabled: true, inherited: true }, 'medium_default', null],
  ['when the topic is none, then the catalog any entry is ignored (email stays off, not covered)', { topic: 'none', medium: 'email', catalog: { any: on } }, { enabled: false, covered: false, cataloged: false }, 'medium_default', null],
  ['when the topic is none, then a mandatory catalog any entry neither governs nor forces', { topic: 'none', catalog: { any: mandatoryOff } }, { enabled: true, mandatory: false, covered: false }, 'medium_default', null],
  ['when the topic is none and both any rules exist, then the exact catalog entry still decides', { topic: 'none', own: { any: true }, catalog: { exact: off, any: on } }, { enabled: false, cataloged: true }, 'catalog_entry', 'catalog.exact'],
  ['when the topic is none and the recipient has an exact rule, then it decides (step 1 applies)', { topic: 'none', own: { exact: false, any: true }, catalog: { any: on } }, { enabled: false, inherited: false }, 'recipient_rule', 'own.exact'],
  // The target `topic: any` itself: its exact rule is the any rule.
  ['when the target topic is any, then its own exact rule decides', { topic: 'any', own: { exact: false }, catalog: { exact: on } }, { enabled: false, inherited: false, cataloged: true }, 'recipient_rule', 'own.exact'],
  ['when the target topic is any with only a catalog entry, then it is the exact entry (step 3, not 4)', { topic: 'any', medium: 'email', catalog: { exact: on } }, { enabled: true, cataloged: true }, 'catalog_entry', 'catalog.exact'],
  // The new mediums: sms and web_push follow email's rows (default off, gated on coverage).
  ['when nothing is set for sms, then it does not deliver (default off, like email)', { medium: 'sms' }, { enabled: false, inherited: true, cataloged: false, mandatory: false, covered: false }, 'medium_default', null],
  ['when nothing is set for web_push, then it does not deliver (default off, like email)', { medium: 'web_push' }, { enabled: false, inherited: true, cataloged: false, mandatory: false, covered: false }, 'medium_default', null],
  ['when the catalog exact sms entry is on, then sms is enabled and covered', { medium: 'sms', catalog: { exact: on } }, { enabled: true, cataloged: true, covered: true }, 'catalog_entry', 'catalog.exact'],
  ['when only the catalog any web_push entry is on, then it decides and covers the topic', { medium: 'web_push', catalog: { any: on } }, { enabled: true, cataloged: false, covered: true }, 'catalog_topic_any_entry', 'catalog.any'],
  ['when the recipient turned sms off against an enabled entry, then sms is off', { medium: 'sms', own: { exact: false }, catalog: { exact: on } }, { enabled: false, inherited: false, cataloged: true }, 'recipient_rule', 'own.exact'],
  ['when the recipient any rule turns web_push on without a catalog entry, then it is enabled but not covered', { medium: 'web_push', own: { any: true } }, { enabled: true, covered: false }, 'recipient_topic_any_rule', 'own.any'],
  ['when a mandatory sms entry is off, then sms is off whatever the recipient set', { medium: 'sms', own: { exact: true }, catalog: { exact: mandatoryOff } }, { enabled: false, mandatory: true }, 'mandatory_entry', 'catalog.exact'],
  ['when the topic is none, then a web_push any entry neither covers nor enables', { topic: 'none', medium: 'web_push', catalog: { any: on } }, { enabled: false, covered: false }, 'medium_default', null],
  // Mandatory entries.
  ['when the exact entry is mandatory and on, then the recipient rules are ignored', { own: { exact: false, any: false }, catalog: { exact: mandatoryOn } }, { enabled: true, mandatory: true, inherited: false }, 'mandatory_entry', 'catalog.exact'],
  ['when the exact entry is mandatory with default_enabled false, then it is off even if the recipient enabled it', { own: { exact: true }, catalog: { exact: mandatoryOff } }, { enabled: false, mandatory: true }, 'mandatory_entry', 'catalog.exact'],
  ['when the exact entry is mandatory and the recipient has no rule, then it still decides as mandatory', { medium: 'email', catalog: { exact: mandatoryOn } }, { enabled: true, mandatory: true, inherited: true }, 'mandatory_entry', 'catalog.exact'],
  ['when the governing entry is a mandatory any entry, then it forces its default', { medium: 'email', own: { exact: false }, catalog: { any: mandatoryOn } }, { enabled: true, mandatory: true, cataloged: false, covered: true }, 'mandatory_entry', 'catalog.any'],
  ['when the exact entry is not mandatory but the any entry is, then the exact entry governs and the recipient decides', { own: { exact: false }, catalog: { exact: on, any: mandatoryOn } }, { enabled: false, mandatory: false }, 'recipient_rule', 'own.exact'],
];

describe('resolvePreference (the cascade)', () => {
  // Fresh objects per row, each tagged with its slot, so that the deciding one is identified exactly.
  const rule = (slot: Slot, enabled: boolean | undefined) => (enabled === undefined ? undefined : { enabled, slot });
  const entry = (slot: Slot, flags: CatalogRow | undefined) => (flags === undefined ? undefined : { ...flags, slot });

  it.each(table)('%s', (_name, situation, expected, because, decidedBy) => {
    const result = resolvePreference({
      topic: situation.topic ?? 'deploys',
      medium: situation.medium ?? 'in_app',
      own: { exact: rule('own.exact', situation.own?.exact), any: rule('own.any', situation.own?.any) },
      catalog: { exact: entry('catalog.exact', situation.catalog?.exact), any: entry('catalog.any', situation.catalog?.any) },
    });
    expect(result).toMatchObject(expected);
    expect(result.decision.because).toBe(because);
    expect(result.decision.rule?.slot ?? result.decision.entry?.slot ?? null).toBe(decidedBy);
    // A decision names at most one of them, of the kind its step says.
    expect([result.decision.rule !== undefined, result.decision.entry !== undefined]).toEqual([
      because.startsWith('recipient_'),
      because.startsWith('catalog_') || because === 'mandatory_entry',
    ]);
  });

  it('when every row is checked, then every step of the cascade was reached', () => {
    expect(new Set(table.map((r) => r[3]))).toEqual(new Set(['recipient_rule', 'recipient_topic_any_rule', 'catalog_entry', 'catalog_topic_any_entry', 'medium_default', 'mandatory_entry']));
  });
});

describe('catalog changes seen through the cascade', () => {
  const target: Target = { channel: 'ci', topic: 'deploys', event: 'failed' };
  const entry = (id: number, t: Target, medium: Medium, defaultEnabled: boolean): CatalogEntry => ({
    id, projectId: 1, target: t, medium, name: `entry ${id}`, description: null, defaultEnabled, mandatory: false, digest: null, throttle: null,
    createdAt: new Date(0), updatedAt: new Date(0),
  });
  const ownEmail = (enabled: boolean): RuleSet =>
    new Map([[keyOf(target, 'email'), { target, medium: 'email' as const, enabled, updatedAt: new Date(0), setVia: 'api_key' as const }]]);

  it('when the exact email entry a recipient relied on is deleted (or pruned), then email turns off for them', () => {
    const before = catalogOf([entry(1, target, 'in_app', true), entry(2, target, 'email', true)]);
    const after = catalogOf([entry(1, target, 'in_app', true)]);
    expect(resolveTarget(before, undefined, target, 'email')).toMatchObject({ enabled: true, cataloged: true, covered: true });
    expect(resolveTarget(after, undefined, target, 'email')).toMatchObject({ enabled: false, cataloged: false, covered: false });
    // The decision names the stored entry that decided, then the medium default once it is gone.
    expect(resolveTarget(before, undefined, target, 'email').decision).toEqual({ because: 'catalog_entry', entry: before.entries[1] });
    expect(resolveTarget(after, undefined, target, 'email').decision).toEqual({ because: 'medium_default' });
  });

  it('when the any email entry covering a topic is deleted, then email turns off for recipients relying on it', () => {
    const anyEmail = entry(3, { ...target, topic: 'any' }, 'email', true);
    expect(resolveTarget(catalogOf([anyEmail]), undefined, target, 'email').enabled).toBe(true);
    expect(resolveTarget(catalogOf([]), undefined, target, 'email').enabled).toBe(false);
  });

  it('when a recipient set email on explicitly, then deleting the entry leaves their decision (but uncovered)', () => {
    const after = catalogOf([]);
    const rules = ownEmail(true);
    const resolved = resolveTarget(after, rules, target, 'email');
    expect(resolved).toMatchObject({ enabled: true, inherited: false, covered: false });
    expect(resolved.decision).toEqual({ because: 'recipient_rule', rule: rules.get(keyOf(target, 'email')) });
  });
});
