import { createBatcher } from '@herald/service-kit';
import type { Device, DeviceDirectory } from '../../kernel/ports';

/** Recipients whose devices one call reads at most (the directory splits larger reads itself). */
const MAX_RECIPIENTS_PER_READ = 1_000;

/**
 * The device directory with its per-recipient reads coalesced: the reads of the jobs being sent at
 * the same time (one job per notification, each read when its job runs) become one
 * `listForRecipients` call per project, issued as a group commit (while one read of a project is in
 * flight, the next ones gather), so a job fetched alone costs no recipient-service call of its own
 * under load, and waits for no other job's provider.
 */
export function coalescedDeviceReads(devices: DeviceDirectory): DeviceDirectory {
  const reads = createBatcher<string, Device[], number>({
    lingerMs: 0,
    maxBatch: MAX_RECIPIENTS_PER_READ,
    async run(recipientIds, projectId) {
      const byRecipient = await devices.listForRecipients(projectId, [...new Set(recipientIds)]);
      return recipientIds.map((id) => byRecipient.get(id) ?? []);
    },
  });
  return { ...devices, list: (projectId, recipientId) => reads.add(recipientId, projectId) };
}
