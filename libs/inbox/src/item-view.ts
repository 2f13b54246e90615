import type { Notification } from '@herald/client';
import type { InboxStrings } from './i18n';
import type { SnoozeChoice } from './snooze';
import { make } from './dom';
import { snoozeMenu } from './snooze-menu';
import { actionsOf, contentOf, relativeTime, type ItemAction } from './view-model';

/** What a render callback returns for one notification: an element, or HTML text (trusted by the page). */
export type RenderItem = (notification: Notification) => HTMLElement | string;

export interface ItemViewOptions {
  strings: InboxStrings;
  locale: string | undefined;
  renderItem: RenderItem | null;
  open(n: Notification): void;
  /** Archives the item, or unarchives an archived one. */
  archive(n: Notification): void;
  selected: ReadonlySet<number>;
  select(n: Notification, on: boolean): void;
  act(n: Notification, action: ItemAction): void;
  snooze(n: Notification, choice: SnoozeChoice): void;
}

/** The default content of an item: avatar, title, body, relative time; every payload text as text. */
function defaultContent(n: Notification, locale: string | undefined): HTMLElement[] {
  const c = contentOf(n);
  const shown: HTMLElement[] = [];
  if (c.avatar) {
    const img = make('img', 'avatar');
    img.alt = '';
    img.src = c.avatar;
    shown.push(img);
  }
  const text = document.createElement('span');
  text.className = 'text';
  text.append(make('span', 'title', 'title', c.title));
  if (c.body) text.append(make('span', 'body', 'body', c.body));
  const time = make('time', 'time', 'time', relativeTime(n.created_at, Date.now(), locale));
  time.setAttribute('datetime', n.created_at);
  text.append(time);
  shown.push(text);
  return shown;
}

/** The row below an item: its payload's action buttons (the one taken marked), Snooze (not for archived ones) and Archive. */
function itemActions(n: Notification, options: ItemViewOptions): HTMLElement {
  const row = make('div', 'item-actions');
  for (const action of actionsOf(n)) {
    const button = make('button', `action ${action.style}`, 'action', action.label);
    button.type = 'button';
    button.dataset.action = action.id;
    if (n.action_taken === action.id) button.setAttribute('aria-pressed', 'true');
    button.addEventListener('click', () => options.act(n, action));
    row.append(button);
  }
  if (!n.archived) row.append(snoozeMenu(n, options.strings, options.snooze));
  const archive = make('button', 'archive', 'archive', n.archived ? options.strings.unarchive : options.strings.archive);
  archive.type = 'button';
  archive.addEventListener('click', () => options.archive(n));
  row.append(archive);
  return row;
}

/** The item's checkbox, for the bulk actions on the selected ones. */
function selectBox(n: Notification, options: ItemViewOptions): HTMLInputElement {
  const box = make('input', 'select');
  box.type = 'checkbox';
  box.checked = options.selected.has(n.id);
  box.setAttribute('aria-label', options.strings.selectItem.replace('{title}', contentOf(n).title));
  box.addEventListener('change', () => options.select(n, box.checked));
  return box;
}

/** One list item: its checkbox, the notification as a button (a click opens it) and its action row. */
export function renderItemView(n: Notification, options: ItemViewOptions): HTMLLIElement {
  const li = document.createElement('li');
  const button = make('button', `item${n.read ? '' : ' unread'}`, n.read ? 'item' : 'item item-unread');
  button.type = 'button';
  button.dataset.id = String(n.id);
  const custom = options.renderItem?.(n);
  if (custom !== undefined && custom !== null) {
    if (typeof custom === 'string') button.innerHTML = custom;
    else button.append(custom);
  } else button.append(...defaultContent(n, options.locale));
  // Said before the content (its name is what it shows, as axe's label-content-name-mismatch asks).
  if (!n.read) button.prepend(make('span', 'sr', 'unread-label', options.strings.unreadItem));
  button.addEventListener('click', () => options.open(n));
  const row = document.createElement('div');
  row.className = 'row';
  row.append(selectBox(n, options), button);
  li.append(row, itemActions(n, options));
  return li;
}
