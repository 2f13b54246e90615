import { useEffect, useState } from 'preact/hooks';
import { api, type Json } from './api';
import { timeText } from './outcome';
import { Alert } from './page-state';
import { navigate } from './router';
import { errorText, useLoaded } from './use-api';
import type { Fields } from './use-fields';
import { endpointBody, EndpointForm } from './webhook-form';
import { healthText } from './webhooks';

const REFRESH_EVERY_MS = 2000;

async function loadWebhook(id: string) {
  const base = `/webhooks/${encodeURIComponent(id)}`;
  const [webhook, deliveries] = await Promise.all([api('GET', base), api('GET', `${base}/deliveries?limit=50`)]);
  return { webhook: webhook.data as Json, deliveries: deliveries.data.deliveries as Json[] };
}

const responseText = (d: Json) => [d.last_response_status ?? '', d.last_error ?? ''].filter(Boolean).join(' · ') || '—';

/**
 * One endpoint: its health (and enabling it again), a test event, its delivery log (refreshed every
 * 2 s) with a retry for failed deliveries, and its URL, description and events changed, or the
 * endpoint deleted.
 */
export function WebhookView({ id }: { id: string }) {
  const { data, error, setError, reload } = useLoaded(() => loadWebhook(id), [id]);
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [edits, setEdits] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => void reload(), REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [id]);

  const act = async (method: 'POST' | 'PATCH', path: string, done: string, body?: unknown) => {
    try {
      await api(method, path, body);
      setNotice(done);
      await reload();
    } catch (err) {
      setError(errorText(err));
    }
  };

  const base = `/webhooks/${encodeURIComponent(id)}`;
  const change = async (f: Fields) => {
    try {
      await api('PATCH', base, endpointBody(f));
      setFormError(null);
      await reload();
      setNotice('Endpoint saved');
      setEdits((n) => n + 1);
    } catch (err) {
      setFormError(errorText(err));
    }
  };
  const remove = async () => {
    try {
      await api('DELETE', base);
      navigate('/console/webhooks');
    } catch (err) {
      setFormError(errorText(err));
    }
  };
  if (!data) return <main><h1>Webhook #{id}</h1><Alert error={error} />{!error && <p>Loading…</p>}</main>;
  const w = data.webhook;
  return (
    <main>
      <h1>Webhook #{w.id}</h1>
      <dl class="fields">
        <dt>URL</dt>
        <dd>{w.url}</dd>
        <dt>Description</dt>
        <dd>{w.description ?? '—'}</dd>
        <dt>Events</dt>
        <dd>{w.event_types.length ? w.event_types.join(', ') : 'all'}</dd>
        <dt>Health</dt>
        <dd>{healthText(w)}</dd>
      </dl>
      <p>
        <button type="button" onClick={() => void act('POST', `${base}/test`, 'Test event queued')}>
          Send a test event
        </button>{' '}
        {w.status === 'disabled' && (
          <button type="button" onClick={() => void act('PATCH', base, 'Endpoint enabled', { enabled: true })}>
            Enable the endpoint
          </button>
        )}
      </p>
      <Alert error={error} />
      {notice && <p role="status">{notice}</p>}
      <h2>Change the endpoint</h2>
      <EndpointForm key={edits} label="Change the endpoint" endpoint={w} error={formError} submit="Save the endpoint" onSubmit={(f) => void change(f)}>
        <button type="button" onClick={() => void remove()}>
          Delete the endpoint
        </button>
      </EndpointForm>
      <h2>Deliveries</h2>
      {data.deliveries.length === 0 ? (
        <p>No deliveries yet.</p>
      ) : (
        <table>
          <caption class="visually-hidden">Deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Delivery</th>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last response</th>
              <th scope="col">Created</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {data.deliveries.map((d) => (
              <tr key={d.id} data-id={d.id}>
                <td>#{d.id}</td>
                <td>{d.event_type}</td>
                <td>{d.status}</td>
                <td>{d.attempts}</td>
                <td>{responseText(d)}</td>
                <td>{timeText(d.created_at)}</td>
                <td>
                  {d.status === 'failed' && (
                    <button type="button" aria-label={`Retry delivery #${d.id}`} onClick={() => void act('POST', `${base}/deliveries/${d.id}/retry`, `Delivery #${d.id} queued again`)}>
                      Retry
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
