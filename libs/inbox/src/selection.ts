import { changed, type InboxHost } from './inbox-actions';

/** Marks the selected items read, or (un)archives them, in one bulk request; the counts are read back. */
export async function updateSelected(host: InboxHost, change: { read: true } | { archived: boolean }): Promise<void> {
  const ids = [...host.feed.selected];
  const res = await host.run(() => host.client.notifications.updateMany(host.recipientId, { ids, ...change }));
  if (!res) return;
  host.feed.selected.clear();
  for (const { notification } of res.data.results) if (notification) changed(host, notification);
  host.render();
  await host.readCounts();
}
