import { emailPending } from '../domain/notification';
import type { GatingOutcome, NotificationDoc } from '../store/notification-repository';
import type { DeliveryDeps } from './deps';
import { createProcessNotifications } from './process-notification';

const target = { channel: 'c', topic: 't', event: 'e' };
const doc = (id: number, over: Partial<NotificationDoc> = {}): NotificationDoc => ({
  _id: id,
  project_id: 7,
  recipient_id: `r${id}`,
  broadcast_id: null,
  key: `d:${id}`,
  target,
  payload_json: '{}',
  read: false,
  opened: false,
  status: 'enqueued',
  email: emailPending(),
  email_content: { subject: 's', html: 'h' },
  settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0, monthlyQuota: 100 },
  pending: true,
  created_at: new Date('2030-01-31T23:59:59Z'),
  updated_at: new Date('2030-01-31T23:59:59Z'),
  ...over,
});

/** Fake dependencies that log the order of the effects. */
function fakes(docs: NotificationDoc[]) {
  const log: string[] = [];
  const reserved: { period: string; owners: string[] }[] = [];
  const deps = {
    now: () => new Date('2030-02-01T00:00:05Z'),
    notifications: {
      findByIds: async (ids: number[]) => (log.push(`read ${ids.length}`), docs.filter((d) => ids.includes(d._id))),
      completeGatingMany: async (o: GatingOutcome[]) => (log.push(`write ${o.length}`), o.length),
    },
    preferences: {
      resolveBatch: async (req: { recipientIds: string[]; medium: string }) => (
        log.push(`resolve ${req.medium} ${req.recipientIds.length}`), { enabled: req.recipientIds.map(() => true), covered: true }
      ),
    },
    recipients: {
      getPrimaryContacts: async (req: { recipientIds: string[] }) => (
        log.push(`contacts ${req.recipientIds.length}`), { contacts: req.recipientIds.map((id) => ({ recipientId: id, address: `${id}@x.test` })) }
      ),
    },
    quota: {
      reserve: async (_p: number, period: string, owners: string[]) => (log.push(`quota ${owners.length}`), reserved.push({ period, owners }), new Set(owners)),
    },
    jobs: { email: async () => void log.push('publish') },
    events: { emit: async (e: unknown[]) => void (e.length > 0 && log.push(`events ${e.length}`)) },
    metrics: { notificationsFinal: () => undefined, quotaRefused: () => undefined },
  };
  return { deps: deps as unknown as DeliveryDeps, log, reserved };
}

describe('processNotifications (a batch of direct jobs)', () => {
  it('when a batch of 3 arrives, then it costs one read, one resolve per medium, one quota reservation, one contacts lookup and one write, and outcome events and email jobs are published after the write', async () => {
    const { deps, log } = fakes([doc(1), doc(2), doc(3)]);
    await createProcessNotifications(deps)([1, 2, 3]);
    expect(log).toEqual(['read 3', 'resolve in_app 3', 'quota 3', 'resolve email 3', 'contacts 3', 'write 3', 'events 3', 'publish', 'publish', 'publish']);
  });

  it('when a notification created in January is processed in February, then its unit counts in January, owned by that notification', async () => {
    const { deps, reserved } = fakes([doc(41)]);
    await createProcessNotifications(deps)([41]);
    expect(reserved).toEqual([{ period: '2030-01', owners: ['41:in_app'] }]);
  });

  it('when every job of the batch was processed already (redelivery), then nothing is resolved, reserved, written or published; its outcome event is re-emitted from the store', async () => {
    const { deps, log } = fakes([doc(5, { pending: false, status: 'delivered' })]);
    await createProcessNotifications(deps)([5]);
    expect(log).toEqual(['read 1', 'events 1']);
  });
});
