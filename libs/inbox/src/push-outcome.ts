import { WebPushUnavailableError } from '@herald/client';

/** What a failed "Enable push notifications" click means for the user. */
export type PushFailure = 'denied' | 'unsupported' | 'failed';

/**
 * Reads the failure of enabling web push: a browser without service workers, PushManager or
 * Notification does not support it; one that has them refused permission (blocked or dismissed).
 */
export function pushOutcome(err: unknown, browser: { navigator?: { serviceWorker?: unknown }; PushManager?: unknown; Notification?: unknown }): PushFailure {
  if (!(err instanceof WebPushUnavailableError)) return 'failed';
  return browser.navigator?.serviceWorker && browser.PushManager && browser.Notification ? 'denied' : 'unsupported';
}
