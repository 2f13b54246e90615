// The send benchmark's baseline: a bare fastify route doing what a send minimally needs, one store
// insert and one JetStream publish (with a msgID), on the same store and broker the stack uses.
// Env: MONGO_URL, MONGO_DB, NATS_URL, PORT. Prints "ready <port>" when listening; stops on SIGTERM.
import Fastify from 'fastify';
import { MongoClient } from 'mongodb';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';

const client = new MongoClient(process.env.MONGO_URL);
await client.connect();
const notifications = client.db(process.env.MONGO_DB).collection('notifications');
const nc = await connect({ servers: process.env.NATS_URL });
const jsm = await jetstreamManager(nc);
await jsm.streams.add({ name: 'BENCH_BASELINE', subjects: ['bench.baseline.>'], storage: 'file', retention: 'workqueue' }).catch(() => undefined);
const js = jetstream(nc);

let nextId = 1;
const app = Fastify({ logger: false });
app.post('/notifications/send', async (req, reply) => {
  const id = nextId++;
  const now = new Date();
  const doc = { _id: id, recipient_id: req.body.recipient_id, target: req.body.target, payload_json: JSON.stringify(req.body.payload), status: 'enqueued', pending: true, created_at: now, updated_at: now };
  await notifications.insertOne(doc);
  await js.publish('bench.baseline.notification', JSON.stringify({ id }), { msgID: `notification:${id}` });
  return reply.code(201).send({ data: { notification: { id, status: 'enqueued', created_at: now } } });
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`ready ${app.server.address().port}\n`);

process.on('SIGTERM', async () => {
  await app.close();
  await jsm.streams.delete('BENCH_BASELINE').catch(() => undefined);
  await nc.drain();
  await client.db(process.env.MONGO_DB).dropDatabase().catch(() => undefined);
  await client.close();
  process.exit(0);
});
