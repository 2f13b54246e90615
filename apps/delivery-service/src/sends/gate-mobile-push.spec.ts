import type { OutboundOutcome } from '../kernel/notification';
import type { Device, DeviceDirectory, MediumResolution } from '../kernel/ports';
import { gateMobilePush } from './gate-mobile-push';

/** A device directory answering from a table, counting its calls. */
function directoryOf(table: Record<string, Device[]>) {
  const calls: string[][] = [];
  const devices: DeviceDirectory = {
    list: async () => {
      throw new Error('gating reads a batch at once, never one recipient');
    },
    listForRecipients: async (_projectId, ids) => {
      calls.push(ids);
      return new Map(ids.filter((id) => table[id]).map((id) => [id, table[id]]));
    },
    remove: async () => undefined,
  };
  return { devices, calls };
}

const resolution = (enabled: boolean[]): MediumResolution => ({ enabled, covered: true, mandatory: false, decisions: enabled.map(() => undefined) });
const fcm = (id: number): Device => ({ id, platform: 'fcm', token: `t${id}` });
const apns = (id: number): Device => ({ id, platform: 'apns', token: `t${id}` });

describe('gateMobilePush', () => {
  it.each<[string, Device[] | undefined, boolean, string[], Partial<OutboundOutcome>]>([
    ['devices of a configured provider', [fcm(1), fcm(2)], true, ['fcm'], { status: 'pending', address: '1,2' }],
    ['devices of both providers, one configured', [fcm(1), apns(2)], true, ['apns'], { status: 'pending', address: '2' }],
    ['no device', undefined, true, ['fcm'], { status: 'skipped', reason: 'no_device' }],
    ['devices of no configured provider', [apns(3)], true, ['fcm'], { status: 'skipped', reason: 'provider_not_configured' }],
    ['the preference off', [fcm(1)], false, ['fcm'], { status: 'skipped', reason: 'preference_disabled' }],
  ])('when the recipient has %s, then the outcome follows', async (_, owned, enabled, configured, expected) => {
    const { devices } = directoryOf(owned ? { r: owned } : {});
    const out = new Map<string, { outcome: OutboundOutcome }>();
    await gateMobilePush({ devices, configuredPlatforms: async () => new Set(configured) }, 1, ['r'], resolution([enabled]), out);
    expect(out.get('r')!.outcome).toMatchObject(expected);
  });

  it("when a batch of recipients is gated, then their devices are read in one call, of the recipients the preference let through", async () => {
    const { devices, calls } = directoryOf({ a: [fcm(1)], b: [fcm(2)], c: [fcm(3)] });
    const out = new Map<string, { outcome: OutboundOutcome }>();
    await gateMobilePush({ devices, configuredPlatforms: async () => new Set(['fcm']) }, 1, ['a', 'b', 'c'], resolution([true, false, true]), out);
    expect(calls).toEqual([['a', 'c']]);
    expect([...out].map(([id, o]) => [id, o.outcome.status])).toEqual([['a', 'pending'], ['b', 'skipped'], ['c', 'pending']]);
  });
});
