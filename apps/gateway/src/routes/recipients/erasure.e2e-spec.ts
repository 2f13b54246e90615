import { connectMongo, connectNats, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { build } from '../../app';
import { createServiceClients, type ServiceClients } from '../../plugins/external/services/service-clients';
import { readConfig } from '../../config';
import { baseUrl, call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';
import { openStream } from '../../testing/sse-client';

/** Another gateway replica, in-process, on the stack's store, broker and services. */
async function startReplica(name: string): Promise<{ url: string; close(): Promise<void> }> {
  const env = JSON.parse(process.env.HERALD_GATEWAY_ENV!) as Record<string, string>;
  const config = readConfig({ ...env, PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'silent' });
  const mongo: MongoHandle = await connectMongo(config.MONGO_URL, config.MONGO_DB, name);
  const nats: NatsConnection = await connectNats(config.NATS_URL, name);
  const services: ServiceClients = createServiceClients(config);
  const app: FastifyInstance = await build({ config, logger: pino({ level: 'silent' }), db: mongo.db, nats, services, pingStore: mongo.ping });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    async close() {
      await app.close();
      services.close();
      await nats.drain();
      await mongo.close();
    },
  };
}

/**
 * Erasure is visible at once: as soon as `DELETE /recipients/{id}` has answered,
 * every read of the recipient's data answers 404, with no waiting for the erasure event to be
 * consumed anywhere. Each read is made right after the delete's answer, for each credential that
 * could make it (the Full key, the Recipient key), after the caches of the gateway and the
 * delivery service were warmed by reads of the live recipient.
 */
describe('erasure is visible at once', () => {
  let p: TestProject;
  let b: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    p = await createProject('erasure');
    b = await startReplica('gateway-erasure-b');
  });
  afterAll(async () => b?.close());

  /** A recipient with one delivered notification, every read of it made once (caches warm). */
  async function liveRecipient(base = baseUrl()): Promise<{ id: string; nid: number }> {
    const id = uniqueId('erase');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
    const sent = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id: id, payload: { title: 'to be erased' } } });
    expect(sent.status).toBe(201);
    const nid = sent.body.data.notification.id as number;
    for (const key of [p.fullKey, p.recipientKey]) {
      expect((await call('GET', `/recipients/${id}/notifications`, { key, base })).status).toBe(200);
      expect((await call('GET', `/recipients/${id}/notifications/unread_count`, { key, base })).status).toBe(200);
    }
    expect((await call('GET', `/notifications/${nid}`, { key: p.fullKey, base })).status).toBe(200);
    for (const path of ['', '/contacts', '/preferences']) expect((await call('GET', `/recipients/${id}${path}`, { key: p.fullKey, base })).status).toBe(200);
    return { id, nid };
  }

  const expect404 = (res: { status: number; body: { code?: string } }, code: string) => {
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code });
  };

  it('when DELETE /recipients/{id} has answered, then the feed, the unread count, a notification by id and a new live stream answer 404 at once', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, nid } = await liveRecipient();
      expect((await call('DELETE', `/recipients/${id}`, { key: p.fullKey })).status).toBe(200);
      for (const key of [p.fullKey, p.recipientKey]) {
        expect404(await call('GET', `/recipients/${id}/notifications`, { key }), 'recipient_not_found');
        expect404(await call('GET', `/recipients/${id}/notifications/unread_count`, { key }), 'recipient_not_found');
      }
      expect404(await call('GET', `/notifications/${nid}`, { key: p.fullKey }), 'notification_not_found');
      // The recipient's own resources too (the gateway's read caches).
      for (const path of ['', '/contacts']) expect404(await call('GET', `/recipients/${id}${path}`, { key: p.fullKey }), 'recipient_not_found');
      expect((await call('GET', `/recipients/${id}/preferences`, { key: p.fullKey })).status).toBe(404);
      const s = await openStream(`${baseUrl()}/recipients/${encodeURIComponent(id)}/notifications/stream`, { authorization: `Bearer ${p.fullKey}` });
      s.close();
      expect(s.status).toBe(404);
    }
  });

  it('when the delete was answered by another gateway replica, then every read on this one answers 404 at once (its caches were warm)', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, nid } = await liveRecipient(b.url);
      expect((await call('DELETE', `/recipients/${id}`, { key: p.fullKey })).status).toBe(200);
      const base = b.url;
      for (const key of [p.fullKey, p.recipientKey]) {
        expect404(await call('GET', `/recipients/${id}/notifications`, { key, base }), 'recipient_not_found');
        expect404(await call('GET', `/recipients/${id}/notifications/unread_count`, { key, base }), 'recipient_not_found');
      }
      expect404(await call('GET', `/notifications/${nid}`, { key: p.fullKey, base }), 'notification_not_found');
      for (const path of ['', '/contacts']) expect404(await call('GET', `/recipients/${id}${path}`, { key: p.fullKey, base }), 'recipient_not_found');
      expect((await call('GET', `/recipients/${id}/preferences`, { key: p.fullKey, base })).status).toBe(404);
      const s = await openStream(`${base}/recipients/${encodeURIComponent(id)}/notifications/stream`, { authorization: `Bearer ${p.fullKey}` });
      s.close();
      expect(s.status).toBe(404);
    }
  });

  it('when the reads run concurrently with nothing between them and the delete, then each answers 404', async () => {
    const { id, nid } = await liveRecipient();
    expect((await call('DELETE', `/recipients/${id}`, { key: p.fullKey })).status).toBe(200);
    const [feed, count, byId, feedRk] = await Promise.all([
      call('GET', `/recipients/${id}/notifications`, { key: p.fullKey }),
      call('GET', `/recipients/${id}/notifications/unread_count`, { key: p.fullKey }),
      call('GET', `/notifications/${nid}`, { key: p.fullKey }),
      call('GET', `/recipients/${id}/notifications`, { key: p.recipientKey }),
    ]);
    expect([feed.status, count.status, byId.status, feedRk.status]).toEqual([404, 404, 404, 404]);
  });
});
