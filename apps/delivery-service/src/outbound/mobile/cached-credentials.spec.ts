import { createFakeClock } from '@herald/service-kit';
import { cachedCredentials, CREDENTIALS_TTL_MS } from './cached-credentials';

describe('cached provider credentials', () => {
  it('when many pushes of a project go to one provider, then its settings are read once until they are a few seconds old', async () => {
    const clock = createFakeClock();
    const reads: string[] = [];
    let key = 'first';
    const credentials = cachedCredentials(async (projectId, platform) => (reads.push(`${projectId}:${platform}`), platform === 'fcm' ? { key } : null), clock);
    const first = await Promise.all([credentials(1, 'fcm'), credentials(1, 'fcm'), credentials(1, 'apns'), credentials(2, 'fcm')]);
    expect(first).toEqual([{ key: 'first' }, { key: 'first' }, null, { key: 'first' }]);
    expect(await credentials(1, 'apns')).toBeNull();
    expect(reads).toEqual(['1:fcm', '1:apns', '2:fcm']);
    key = 'replaced';
    clock.advance(CREDENTIALS_TTL_MS + 1);
    expect(await credentials(1, 'fcm')).toEqual({ key: 'replaced' });
    expect(reads).toHaveLength(4);
  });
});
