import type { Notification } from '@herald/client';
import { contentOf } from './view-model';

/** How long a toast stays when the `toasts` attribute names no number of seconds. */
export const DEFAULT_TOAST_SECONDS = 6;

/** The seconds a toast stays, from the `toasts` attribute's value (empty or not a positive number: the default). */
export const toastSeconds = (value: string | null): number => {
  const seconds = Number(value);
  return value && Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TOAST_SECONDS;
};

/**
 * Shows `n` in `container` as a toast (its title, as text) for `seconds`, once while it is shown;
 * a click on it calls `open` and removes it.
 */
export function showToast(container: HTMLElement, n: Notification, seconds: number, open: () => void): void {
  if (container.querySelector(`[data-id="${n.id}"]`)) return;
  const toast = document.createElement('button');
  toast.type = 'button';
  toast.className = 'toast';
  toast.setAttribute('part', 'toast');
  toast.dataset.id = String(n.id);
  toast.textContent = contentOf(n).title;
  const timer = setTimeout(() => toast.remove(), seconds * 1000);
  toast.addEventListener('click', () => {
    clearTimeout(timer);
    toast.remove();
    open();
  });
  container.append(toast);
}
