import type { HeraldClient, List, RecipientListEntry } from '@herald/client';
import { mediumLabel, type InboxStrings } from './i18n';

type Preference = Awaited<ReturnType<HeraldClient['preferences']['list']>>['data']['preferences'][number];

export interface PreferencePanelOptions {
  client: HeraldClient;
  recipientId: string;
  strings: InboxStrings;
  /** Runs a request as the element does (a fresh token on 401); undefined when it failed. */
  run<T>(request: () => Promise<T>): Promise<T | undefined>;
}

const LOCK = '<svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true"><path fill="currentColor" d="M17 9h-1V7a4 4 0 0 0-8 0v2H7a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2Zm-7-2a2 2 0 0 1 4 0v2h-4V7Z"/></svg>';

const make = <K extends keyof HTMLElementTagNameMap>(tag: K, part: string, textContent?: string): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag);
  el.className = part;
  el.setAttribute('part', part);
  if (textContent !== undefined) el.textContent = textContent;
  return el;
};

/** One catalog entry for one medium: a switch, or a lock when the entry is mandatory. */
function preferenceRow(p: Preference, options: PreferencePanelOptions, say: (text: string) => void): HTMLLIElement {
  const { strings: t } = options;
  const li = make('li', 'preference');
  const label = make('label', 'preference-label');
  const box = make('input', 'preference-toggle');
  box.type = 'checkbox';
  box.checked = p.state.enabled;
  box.disabled = p.state.mandatory;
  box.dataset.medium = p.target.medium;
  const name = p.target.name ?? `${p.target.channel} · ${p.target.event}`;
  label.append(box, make('span', 'preference-name', name), make('span', 'preference-medium', mediumLabel(t, p.target.medium)));
  li.append(label);
  if (p.state.mandatory) {
    const locked = make('span', 'preference-locked', t.required);
    locked.insertAdjacentHTML('afterbegin', LOCK);
    li.append(locked);
    return li;
  }
  box.addEventListener('change', async () => {
    const enabled = box.checked;
    const { channel, topic, event } = p.target;
    const medium = p.target.medium as NonNullable<Parameters<HeraldClient['preferences']['set']>[1]['medium']>;
    const res = await options.run(() => options.client.preferences.set(options.recipientId, { target: { channel, topic, event }, medium, state: { enabled } }));
    if (res) say(t.preferenceSaved);
    else {
      box.checked = !enabled;
      say(t.preferenceFailed);
    }
  });
  return li;
}

interface ShownList {
  list: List;
  following: boolean;
}

/** A list in the panel: "Leave" or "Follow" for a self-service one, the name alone for one the project put the recipient on. */
function listRow({ list, following: followingAtFirst }: ShownList, options: PreferencePanelOptions): HTMLLIElement {
  const { strings: t, client, recipientId } = options;
  const li = make('li', 'list-entry');
  li.append(make('span', 'list-name', list.name));
  if (!list.self_service) return li;
  let following = followingAtFirst;
  const button = make('button', 'list-toggle', following ? t.leaveList : t.followList);
  button.type = 'button';
  button.dataset.list = list.key;
  button.addEventListener('click', async () => {
    button.disabled = true;
    const res = await options.run(() => (following ? client.lists.leave(recipientId, list.key) : client.lists.join(recipientId, list.key)));
    button.disabled = false;
    if (!res) return;
    following = !following;
    button.textContent = following ? t.leaveList : t.followList;
  });
  li.append(button);
  return li;
}

/** Every self-service list of the project (followed or not) and the other lists the recipient is on, in key order. */
async function listsToShow(options: PreferencePanelOptions): Promise<ShownList[]> {
  const { client, recipientId } = options;
  const [joined, selfService] = await Promise.all([
    options.run(() => client.lists.ofRecipient(recipientId)),
    options.run(async () => {
      const all: RecipientListEntry[] = [];
      for await (const l of client.lists.selfService(recipientId)) all.push(l);
      return all;
    }),
  ]);
  const shown = new Map<string, ShownList>();
  for (const list of joined?.data.lists ?? []) shown.set(list.key, { list, following: true });
  for (const list of selfService ?? []) shown.set(list.key, { list, following: list.subscribed === true });
  return [...shown.values()].sort((a, b) => (a.list.key < b.list.key ? -1 : 1));
}

/**
 * Fills `container` with the recipient's own settings: the catalog entries they can change, per
 * medium (mandatory ones locked), the lists they are on and the self-service lists they may follow.
 * Changes go through the preference and list APIs with the element's credential (the recipient token).
 */
export async function renderPreferencePanel(container: HTMLElement, options: PreferencePanelOptions): Promise<void> {
  const { strings: t, client, recipientId } = options;
  const status = make('p', 'preferences-status', t.loading);
  status.setAttribute('role', 'status');
  container.replaceChildren(make('h2', 'preferences-heading', t.settings), status);
  const [prefs, lists] = await Promise.all([options.run(() => client.preferences.list(recipientId)), listsToShow(options)]);
  if (!prefs) {
    status.textContent = t.loadError;
    return;
  }
  status.textContent = '';
  const say = (text: string) => (status.textContent = text);
  const entries = prefs.data.preferences.filter((p) => p.state.cataloged);
  const list = make('ul', 'preference-list');
  list.append(...entries.map((p) => preferenceRow(p, options, say)));
  container.append(entries.length > 0 ? list : make('p', 'preferences-empty', t.noPreferences));
  if (lists.length === 0) return;
  const listSection = make('ul', 'list-entries');
  listSection.append(...lists.map((l) => listRow(l, options)));
  container.append(make('h3', 'lists-heading', t.lists), listSection);
}
