import { WebPushUnavailableError } from '@herald/client';
import { pushOutcome } from './push-outcome';

describe('pushOutcome', () => {
  const capable = { navigator: { serviceWorker: {} }, PushManager: {}, Notification: {} };

  it('when the browser lacks push, then unsupported; when it has push and refused, then denied; anything else failed', () => {
    expect(pushOutcome(new WebPushUnavailableError('no push'), { navigator: {} })).toBe('unsupported');
    expect(pushOutcome(new WebPushUnavailableError('not allowed'), capable)).toBe('denied');
    expect(pushOutcome(new Error('network'), capable)).toBe('failed');
  });
});
