// The benchmark's baseline: a bare fastify route doing the one store read a recipient lookup
// needs (findOne by project and id, served by an index) on the same store the stack uses.
// Env: MONGO_URL, MONGO_DB, PORT. With READ_PROJECT_ID set, MONGO_DB is the recipient service's
// database and the route reads that project's recipients (`/recipients/:id`, the very documents
// the stack reads, among the seeded ones) and writes nothing; otherwise it keeps one document of
// its own. Prints "ready <port>" when listening; stops on SIGTERM.
import Fastify from 'fastify';
import { MongoClient } from 'mongodb';

const client = new MongoClient(process.env.MONGO_URL);
await client.connect();
const shared = process.env.READ_PROJECT_ID !== undefined;
const recipients = client.db(process.env.MONGO_DB).collection('recipients');
const projectId = shared ? Number(process.env.READ_PROJECT_ID) : 1;
if (!shared) {
  // Serves: findOne({project_id, recipient_id}) below (the recipient service declares the same).
  await recipients.createIndex({ project_id: 1, recipient_id: 1 }, { unique: true });
  await recipients.updateOne(
    { project_id: 1, recipient_id: 'bench-recipient' },
    { $set: { name: 'Bench Recipient', state: 'active', created_at: new Date(), updated_at: new Date() } },
    { upsert: true },
  );
}

const app = Fastify({ logger: false });
app.get('/recipients/:id', async (req, reply) => {
  const doc = await recipients.findOne({ project_id: projectId, recipient_id: req.params.id, state: 'active' });
  if (!doc) return reply.code(404).send({ message: 'Recipient not found' });
  return { data: { id: doc.recipient_id, name: doc.name, created_at: doc.created_at, updated_at: doc.updated_at } };
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`ready ${app.server.address().port}\n`);

process.on('SIGTERM', async () => {
  await app.close();
  if (!shared) await client.db(process.env.MONGO_DB).dropDatabase().catch(() => undefined);
  await client.close();
  process.exit(0);
});
