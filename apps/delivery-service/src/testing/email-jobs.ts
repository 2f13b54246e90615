import { randomBytes } from 'node:crypto';
import { create, toBinary } from '@bufbuild/protobuf';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { DELIVERY_EMAIL_SUBJECT, OutboundJobSchema } from '@herald/contracts';
import { connectMongo, connectNats, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import { createNotificationRepository } from '../kernel/store/notification-repository';
import { startHarness, type Harness } from './harness';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 10_000n };

/** A harness mailing to its own SMTP sink, with the spec's store and NATS connections. */
export interface EmailStack {
  h: Harness;
  sink: SmtpSink;
  mongo: MongoHandle;
  nc: NatsConnection;
}

/**
 * Starts an email stack for the enclosing `describe` (in its `beforeAll`, with these settings of the
 * delivery service) and closes it in its `afterAll`; the stack is read once started.
 */
export function useEmailStack(env: Record<string, string>, name: string): () => EmailStack {
  let stack: EmailStack | undefined;
  const parts: Partial<EmailStack> = {};
  beforeAll(async () => {
    parts.sink = await startSmtpSink();
    parts.h = await startHarness({ SMTP_URL: parts.sink.smtpUrl, ...env });
    parts.mongo = await connectMongo(process.env.MONGO_URL!, parts.h.dbName, 'test');
    parts.nc = await connectNats(parts.h.natsUrl, name);
    stack = parts as EmailStack;
  });
  afterAll(async () => {
    await parts.nc?.close();
    await parts.mongo?.close();
    await parts.h?.close();
    await parts.sink?.stop();
  });
  return () => stack!;
}

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
