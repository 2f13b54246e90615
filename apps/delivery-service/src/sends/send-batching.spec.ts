import { readConfig } from '../config';

/** What every configuration must name (the store, the broker, the service token). */
const required = { MONGO_URL: 'mongodb://127.0.0.1', NATS_URL: 'nats://127.0.0.1', SERVICE_TOKEN: 'x'.repeat(32) };

describe('send consumer batching', () => {
  it('when configured by default, then the send consumer holds one batch at a time, so sends that arrive meanwhile go together into the next', () => {
    const config = readConfig(required);
    expect(config.WORKER_CONCURRENCY).toBe(config.WORKER_BATCH_SIZE);
  });
});
