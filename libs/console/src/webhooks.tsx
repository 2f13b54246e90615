import { useState } from 'preact/hooks';
import { api, type Json } from './api';
import { Link } from './link';
import { timeText } from './outcome';
import { Alert } from './page-state';
import { webhookPath } from './router';
import { errorText, useLoaded } from './use-api';
import type { Fields } from './use-fields';
import { endpointBody, EndpointForm } from './webhook-form';

/** How many failed deliveries the health column counts, at most (one page of the delivery log). */
export const RECENT_FAILURES_MAX = 20;

/** An endpoint's breaker in words: taking deliveries, failing since when, or disabled and why. */
export function healthText(w: Json): string {
  if (w.status === 'disabled') return `disabled (${w.disabled_reason ?? 'manual'})`;
  return w.failing_since ? `failing since ${timeText(w.failing_since)}` : 'healthy';
}

async function loadWebhooks(): Promise<{ webhook: Json; failures: number }[]> {
  const { data } = await api('GET', '/webhooks');
  return Promise.all(
    data.webhooks.map(async (webhook: Json) => {
      const failed = await api('GET', `/webhooks/${webhook.id}/deliveries?status=failed&limit=${RECENT_FAILURES_MAX}`);
      return { webhook, failures: failed.data.deliveries.length };
    }),
  );
}

/** The project's webhook endpoints with their health (the breaker's state and the recent failed deliveries), and a new endpoint added (its signing secret shown once). */
export function Webhooks() {
  const { data, error, reload } = useLoaded(loadWebhooks, []);
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<{ id: number; secret: string } | null>(null);

  const add = async (f: Fields) => {
    try {
      const res = await api('POST', '/webhooks', endpointBody(f));
      setFormError(null);
      setAdded({ id: res.data.webhook.id, secret: res.data.secret });
      await reload();
    } catch (err) {
      setFormError(errorText(err));
    }
  };

  return (
    <main>
      <h1>Webhooks</h1>
      <Alert error={error} />
      {data && data.length === 0 && <p>No webhook endpoints.</p>}
      {data && data.length > 0 && (
        <table>
          <caption class="visually-hidden">Webhook endpoints</caption>
          <thead>
            <tr>
              <th scope="col">Endpoint</th>
              <th scope="col">URL</th>
              <th scope="col">Events</th>
              <th scope="col">Health</th>
              <th scope="col">Failed deliveries</th>
            </tr>
          </thead>
          <tbody>
            {data.map(({ webhook: w, failures }) => (
              <tr key={w.id} data-id={w.id}>
                <td>
                  <Link href={webhookPath(w.id)}>{`#${w.id}`}</Link> {w.description ?? ''}
                </td>
                <td>{w.url}</td>
                <td>{w.event_types.length ? w.event_types.join(', ') : 'all'}</td>
                <td>{healthText(w)}</td>
                <td>{failures >= RECENT_FAILURES_MAX ? `${RECENT_FAILURES_MAX} or more` : failures}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {added && (
        <p role="status">
          Endpoint <Link href={webhookPath(added.id)}>{`#${added.id}`}</Link> added. Its signing secret, shown only now: <code>{added.secret}</code>
        </p>
      )}
      <h2>Add an endpoint</h2>
      <EndpointForm key={added?.id ?? 'new'} label="Add an endpoint" error={formError} submit="Add the endpoint" onSubmit={(f) => void add(f)} />
    </main>
  );
}
