import type { Notification } from '@herald/client';
import type { InboxStrings } from './i18n';
import { make } from './dom';
import { SNOOZE_CHOICES, type SnoozeChoice } from './snooze';

const SNOOZE_LABELS: Readonly<Record<SnoozeChoice, keyof InboxStrings>> = { hour: 'snoozeHour', tomorrow: 'snoozeTomorrow', nextWeek: 'snoozeNextWeek' };

/** The item's snooze menu (a disclosure): one button per choice. */
export function snoozeMenu(n: Notification, strings: InboxStrings, snooze: (n: Notification, choice: SnoozeChoice) => void): HTMLDetailsElement {
  const menu = make('details', 'snooze');
  menu.append(make('summary', 'snooze-button', 'snooze-button', strings.snooze));
  const choices = make('div', 'snooze-options');
  for (const choice of SNOOZE_CHOICES) {
    const button = make('button', 'snooze-option', 'snooze-option', strings[SNOOZE_LABELS[choice]]);
    button.type = 'button';
    button.dataset.snooze = choice;
    button.addEventListener('click', () => snooze(n, choice));
    choices.append(button);
  }
  menu.append(choices);
  return menu;
}
