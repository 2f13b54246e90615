import { api, query, type Json } from './api';
import { Link } from './link';
import { timeText } from './outcome';
import { Alert } from './page-state';
import { Pager } from './pager';
import { recipientPath } from './router';
import { useLoaded } from './use-api';
import { useCursorPages } from './use-pages';

/** Subscribers shown per page. */
export const SUBSCRIBERS_PER_PAGE = 20;

/** One list: its name, description and subscriber count, and its subscribers a page at a time (in recipient id order), each linking to the recipient. */
export function ListView({ listKey }: { listKey: string }) {
  const path = `/lists/${encodeURIComponent(listKey)}`;
  const { data: list, error } = useLoaded<Json>(async () => (await api('GET', path)).data, [listKey]);
  const subscribers = useCursorPages(async (cursor) => {
    const res = await api('GET', `${path}/subscriptions${query({ limit: SUBSCRIBERS_PER_PAGE, cursor })}`);
    return { items: res.data.subscribers as Json[], next: res.data.next_cursor };
  });
  const items = subscribers.data?.items;
  return (
    <main>
      <h1>{`List ${listKey}`}</h1>
      <Alert error={error ?? subscribers.error} />
      {list && (
        <dl class="fields">
          <dt>Name</dt>
          <dd>{list.name}</dd>
          <dt>Description</dt>
          <dd>{list.description ?? '—'}</dd>
          <dt>Subscribers</dt>
          <dd>{list.subscriber_count}</dd>
          <dt>Self-service</dt>
          <dd>{list.self_service ? 'yes' : 'no'}</dd>
          <dt>Created</dt>
          <dd>{timeText(list.created_at)}</dd>
        </dl>
      )}
      <h2>Subscribers</h2>
      {items && items.length === 0 && <p>No subscribers.</p>}
      {items && items.length > 0 && (
        <>
          <ul class="subscribers">
            {items.map((s) => (
              <li key={s.recipient_id}>
                <Link href={recipientPath(s.recipient_id)}>{s.recipient_id}</Link>
              </li>
            ))}
          </ul>
          <Pager label="Pages of subscribers" page={subscribers.page} previous={subscribers.previous} next={subscribers.next} />
        </>
      )}
    </main>
  );
}
