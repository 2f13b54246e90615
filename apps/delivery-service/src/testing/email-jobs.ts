import { randomBytes } from 'node:crypto';
import { create, toBinary } from '@bufbuild/protobuf';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { DELIVERY_EMAIL_SUBJECT, OutboundJobSchema } from '@herald/contracts';
import type { MongoHandle, NatsConnection } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import { createNotificationRepository } from '../kernel/store/notification-repository';
import type { Harness } from './harness';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 10_000n };

/**
 * Sends with an email through a harness and the email jobs' traces in the store and the stream: the
 * steps the email sender's int specs share. `handles()` gives the store and NATS connections once
 * the spec's `beforeAll` has opened them.
 */
export function emailJobs(handles: () => { h: Harness; mongo: MongoHandle; nc: NatsConnection }) {
  /** A notification as the service reads it (its outcome followed along its appended records). */
  const read = async (id: bigint) => (await createNotificationRepository(handles().mongo.db).findByIds([Number(id)]))[0];
  return {
    read,
    /** A send with an email to a fresh address; its project, id and address. */
    async sendOne(rid: string) {
      const { h } = handles();
      const project = h.project();
      const address = `${rid}-${randomBytes(4).toString('hex')}@test.local`;
      h.peers.catalog.add(`${project}|orders|shipping|shipped|email`);
      h.peers.emails.set(`${project}|${rid}`, address);
      const r = await h.client.send({ projectId: project, settings, recipientId: rid, target, payloadJson: '{}', email: { subject: `hello ${rid}`, html: '<p>x</p>' } });
      return { project, id: r.notification!.id, address };
    },
    /** The email job of a notification once more (another msgID, so the stream takes it as a new message). */
    deliverAgain: (project: bigint, id: bigint) =>
      jetstream(handles().nc).publish(DELIVERY_EMAIL_SUBJECT, toBinary(OutboundJobSchema, create(OutboundJobSchema, { projectId: project, notificationId: id })), {
        msgID: `again-${id}-${randomBytes(4).toString('hex')}`,
      }),
    /** The notification once its email is `sent`. */
    emailSent: (id: bigint) =>
      eventually(
        'email sent',
        async () => {
          const d = await read(id);
          return d?.email.status === 'sent' ? d : undefined;
        },
        { timeoutMs: 30_000 },
      ),
    /** Barrier: every job of the delivery stream acknowledged but `left` (held for a far retry), so no mail of the test can still be on its way. */
    async acknowledged(left = 0) {
      const jsm = await jetstreamManager(handles().nc);
      await eventually('every job acknowledged', async () => (await jsm.streams.info('HERALD_DELIVERY')).state.messages === left, { timeoutMs: 30_000 });
    },
  };
}
