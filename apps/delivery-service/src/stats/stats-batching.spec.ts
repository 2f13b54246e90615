import { readConfig } from '../config';
import { statsBatching } from './stats-consumer';

/** What every configuration must name (the store, the broker, the service token). */
const required = { MONGO_URL: 'mongodb://127.0.0.1', NATS_URL: 'nats://127.0.0.1', SERVICE_TOKEN: 'x'.repeat(32) };

describe('statsBatching', () => {
  it('when configured by default, then a chunk of 1,000 outcome events is counted in one batch, gathered for half a second', () => {
    const batching = statsBatching(readConfig(required));
    expect(batching).toMatchObject({ batchSize: 1000, lingerMs: 500 });
    // A batch is capped by what the consumer holds: two whole batches.
    expect(batching.concurrency).toBe(2000);
  });

  it('when the settings are given, then the batches follow them', () => {
    expect(statsBatching(readConfig({ ...required, STATS_BATCH_SIZE: '64', STATS_BATCH_LINGER_MS: '20', ACK_WAIT_MS: '30000' }))).toEqual({ batchSize: 64, lingerMs: 20, ackWaitMs: 30000, concurrency: 128 });
  });
});
