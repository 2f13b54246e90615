import { randomBytes } from 'node:crypto';
import { MongoClient, type Document } from 'mongodb';
import { createSequences, systemClock } from '@herald/service-kit';
import { createListRepository } from './store/list-repository';
import { createProjectTotalsRepository } from './store/project-totals-repository';
import { createSubscriptionRepository } from './store/subscription-repository';
import { createListUseCases } from './usecases';

jest.setTimeout(120_000);

/** The store calls that read or write documents (the driver's housekeeping left out). */
const DATA_COMMANDS = new Set(['find', 'getMore', 'aggregate', 'count', 'insert', 'update', 'delete', 'findAndModify']);

/** Documents a reply carries (a cursor's batch, or a findAndModify's document). */
const documentsIn = (reply: Document): number => reply.cursor?.firstBatch?.length ?? reply.cursor?.nextBatch?.length ?? (reply.value ? 1 : 0);

describe('list limits: what a call costs the store', () => {
  let client: MongoClient;
  let dbName: string;
  /** The store calls seen while recording: `<command> <collection>`, and the documents their replies carried. */
  let recording: { calls: string[]; documents: number } | null = null;

  beforeAll(async () => {
    client = await MongoClient.connect(process.env.MONGO_URL!, { monitorCommands: true });
    dbName = `test_list_limit_cost_${randomBytes(4).toString('hex')}`;
    const started = new Set<number>();
    client.on('commandStarted', (ev) => {
      if (!recording || !DATA_COMMANDS.has(ev.commandName)) return;
      started.add(ev.requestId);
      const command = ev.command as Document;
      recording.calls.push(`${ev.commandName} ${String(ev.commandName === 'getMore' ? command.collection : command[ev.commandName])}`);
    });
    client.on('commandSucceeded', (ev) => {
      if (recording && started.delete(ev.requestId)) recording.documents += documentsIn(ev.reply as Document);
    });
  });
  afterAll(async () => {
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  async function costOf(fn: () => Promise<unknown>): Promise<{ calls: string[]; documents: number }> {
    recording = { calls: [], documents: 0 };
    try {
      await fn();
      return recording;
    } finally {
      recording = null;
    }
  }

  it('when a project holds many lists, then a subscribe, its retry, an unsubscribe and a create cost what they cost a project of one list', async () => {
    const db = client.db(dbName);
    const lists = createListRepository(db);
    const subscriptions = createSubscriptionRepository(db);
    await Promise.all([lists.ensureIndexes(), subscriptions.ensureIndexes()]);
    const useCases = createListUseCases({
      lists,
      subscriptions,
      totals: createProjectTotalsRepository(db),
      sequences: createSequences(db),
      clock: systemClock,
      limits: { listsPerProject: 1000, subscriptionsPerProject: 100_000 },
      events: { subscriptionsChanged: async () => undefined },
      recipients: {
        activeSeqs: async (_projectId, ids) => new Map(ids.map((id) => [id, 1])),
        ensureRecipients: async () => ({ seqs: [] }),
        requireRecipient: async () => undefined,
      },
    });
    const create = (projectId: number, key: string) => useCases.createList({ projectId, key, name: key, description: null, selfService: false });
    const change = (projectId: number, recipientIds: string[]) => ({ projectId, key: 'target', recipientIds, byRecipientToken: false });
    const ids = Array.from({ length: 100 }, (_, i) => `r-${i}`);
    const costs = async (projectId: number) => ({
      subscribe: await costOf(() => useCases.subscribeToList(change(projectId, ids))),
      retry: await costOf(() => useCases.subscribeToList(change(projectId, ids))),
      unsubscribe: await costOf(() => useCases.unsubscribeFromList(change(projectId, ids.slice(0, 10)))),
      create: await costOf(() => create(projectId, 'one-more')),
    });

    const [few, many] = [1, 2];
    await create(few, 'target');
    for (let i = 0; i < 150; i++) await create(many, `list-${i}`);
    await create(many, 'target');
    for (let i = 0; i < 150; i++) await useCases.subscribeToList({ ...change(many, [`s-${i}`]), key: `list-${i}` });

    const ofFew = await costs(few);
    expect(ofFew.subscribe.calls.length).toBeGreaterThan(0);
    expect(await costs(many)).toEqual(ofFew);
  });
});
