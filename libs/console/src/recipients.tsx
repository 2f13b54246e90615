import { useState } from 'preact/hooks';
import { api, query, type Json } from './api';
import { Link } from './link';
import { timeText } from './outcome';
import { Alert } from './page-state';
import { recipientPath } from './router';
import { errorText } from './use-api';

/** Recipient search: the recipients whose id, name or a contact address starts with what is typed (GET /recipients?q=). */
export function Recipients() {
  const [found, setFound] = useState<Json[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const search = async (e: Event) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget as HTMLFormElement).get('q') ?? '').trim();
    try {
      const res = await api('GET', `/recipients${query({ q, limit: 50 })}`);
      setError(null);
      setFound(res.data.recipients);
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <main>
      <h1>Recipients</h1>
      <form class="filters" role="search" aria-label="Recipients" onSubmit={(e) => void search(e)}>
        <label>
          Id, name or address starts with <input name="q" type="search" required />
        </label>
        <button type="submit">Search</button>
      </form>
      <Alert error={error} />
      {found && found.length === 0 && <p>No recipient matches.</p>}
      {found && found.length > 0 && (
        <table>
          <caption class="visually-hidden">Matching recipients</caption>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {found.map((r) => (
              <tr key={r.id} data-id={r.id}>
                <td>
                  <Link href={recipientPath(r.id)}>{r.id}</Link>
                </td>
                <td>{r.name ?? '—'}</td>
                <td>{timeText(r.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
