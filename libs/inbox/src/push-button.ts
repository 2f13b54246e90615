import type { InboxStrings } from './i18n';
import type { PushFailure } from './push-outcome';

/** Says what a click on "Enable push notifications" did; the button stays only where another click could help (null: a click is under way). */
export function showPushOutcome(parts: { button: HTMLButtonElement; status: HTMLElement }, t: InboxStrings, outcome: PushFailure | 'enabled' | null): void {
  const texts = { enabled: t.pushEnabled, denied: t.pushDenied, unsupported: t.pushUnsupported, failed: t.pushFailed };
  parts.status.textContent = outcome ? texts[outcome] : '';
  if (outcome) parts.status.dataset.outcome = outcome;
  parts.button.hidden = outcome === 'enabled' || outcome === 'denied' || outcome === 'unsupported';
  parts.button.disabled = outcome === null;
}
