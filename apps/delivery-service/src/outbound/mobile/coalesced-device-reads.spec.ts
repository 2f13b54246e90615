import type { Device, DeviceDirectory } from '../../kernel/ports';
import { coalescedDeviceReads } from './coalesced-device-reads';

const device = (id: number, platform = 'fcm'): Device => ({ id, platform, token: `token-${id}` });

/** A directory answering from a table, keeping each listForRecipients call it took. */
function directoryOf(table: Record<string, Device[]>) {
  const calls: { projectId: number; recipientIds: string[] }[] = [];
  const directory: DeviceDirectory = {
    list: async () => {
      throw new Error('read one recipient at a time');
    },
    listForRecipients: async (projectId, recipientIds) => {
      calls.push({ projectId, recipientIds });
      return new Map(recipientIds.filter((id) => table[id]).map((id) => [id, table[id]]));
    },
    remove: async () => undefined,
  };
  return { directory, calls };
}

describe('coalesced device reads', () => {
  it('when several jobs read their recipients’ devices at once, then one listForRecipients call per project answers each its own', async () => {
    const { directory, calls } = directoryOf({ ann: [device(1), device(2, 'apns')], bob: [device(3)] });
    const devices = coalescedDeviceReads(directory);
    const [ann, bob, nobody, annAgain, other] = await Promise.all([devices.list(1, 'ann'), devices.list(1, 'bob'), devices.list(1, 'nobody'), devices.list(1, 'ann'), devices.list(2, 'bob')]);
    expect([ann, bob, nobody, annAgain, other]).toEqual([[device(1), device(2, 'apns')], [device(3)], [], [device(1), device(2, 'apns')], [device(3)]]);
    expect(calls).toEqual([
      { projectId: 1, recipientIds: ['ann', 'bob', 'nobody'] },
      { projectId: 2, recipientIds: ['bob'] },
    ]);
  });

  it('when a read fails, then the jobs of that read get its error and a later read is made again', async () => {
    const { directory, calls } = directoryOf({ ann: [device(1)] });
    let fail = true;
    const flaky: DeviceDirectory = { ...directory, listForRecipients: async (p, ids) => (fail ? Promise.reject(new Error('unavailable')) : directory.listForRecipients(p, ids)) };
    const devices = coalescedDeviceReads(flaky);
    await expect(devices.list(1, 'ann')).rejects.toThrow('unavailable');
    fail = false;
    expect(await devices.list(1, 'ann')).toEqual([device(1)]);
    expect(calls).toHaveLength(1);
  });
});
