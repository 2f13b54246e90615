import { withFreshToken, type HeraldClient } from '@herald/client';
import type { InboxStrings } from './i18n';
import { pushOutcome, type PushFailure } from './push-outcome';

export interface PushParts {
  button: HTMLButtonElement;
  status: HTMLElement;
}

/** Says what a click on "Enable push notifications" did; the button stays only where another click could help (null: a click is under way). */
export function showPushOutcome(parts: PushParts, t: InboxStrings, outcome: PushFailure | 'enabled' | null): void {
  const texts = { enabled: t.pushEnabled, denied: t.pushDenied, unsupported: t.pushUnsupported, failed: t.pushFailed };
  parts.status.textContent = outcome ? texts[outcome] : '';
  if (outcome) parts.status.dataset.outcome = outcome;
  parts.button.hidden = outcome === 'enabled' || outcome === 'denied' || outcome === 'unsupported';
  parts.button.disabled = outcome === null;
}

export interface EnablePushOptions {
  client: HeraldClient;
  recipientId: string;
  serviceWorkerUrl: string;
  parts: PushParts;
  strings: InboxStrings;
  /** A fresh token after a 401 (false: none). */
  refreshToken(): Promise<boolean>;
  /** Told the subscription's endpoint once push is on. */
  enabled(endpoint: string): void;
}

/** Opt-in web push: permission, service worker, subscription stored as the recipient's web_push contact; the outcome is said next to the button. */
export async function enablePush(o: EnablePushOptions): Promise<void> {
  o.parts.button.disabled = true;
  showPushOutcome(o.parts, o.strings, null);
  const enable = () => o.client.push.enable(o.recipientId, { serviceWorkerUrl: o.serviceWorkerUrl });
  try {
    // A refusal is said next to the button, not as a feed that failed to load.
    const res = await withFreshToken(enable, o.refreshToken);
    showPushOutcome(o.parts, o.strings, 'enabled');
    o.enabled(res.endpoint);
  } catch (err) {
    showPushOutcome(o.parts, o.strings, pushOutcome(err, globalThis));
  }
}
