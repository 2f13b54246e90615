import type { InboxTab } from './tabs';
import { badgeText } from './view-model';

export interface TabBarOptions {
  tabs: InboxTab[];
  active: number;
  /** Each tab's unread count, by index (absent: 0). */
  counts: number[];
  /** The group's accessible name. */
  label: string;
  select(index: number): void;
}

/** Fills the tab bar: one button per tab, the active one pressed, a count when it has unread ones; hidden without tabs. */
export function renderTabBar(bar: HTMLElement, { tabs, active, counts, label, select }: TabBarOptions): void {
  bar.hidden = tabs.length === 0;
  bar.setAttribute('aria-label', label);
  bar.replaceChildren(
    ...tabs.map((tab, i) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'tab';
      button.setAttribute('part', 'tab');
      button.setAttribute('aria-pressed', String(i === active));
      button.textContent = tab.label;
      const count = counts[i] ?? 0;
      if (count > 0) {
        const badge = document.createElement('span');
        badge.className = 'tab-count';
        badge.setAttribute('part', 'tab-count');
        badge.textContent = badgeText(count);
        button.append(' ', badge);
      }
      button.addEventListener('click', () => select(i));
      return button;
    }),
  );
}
