import { api, type Json } from './api';
import { targetText } from './outcome';
import { Alert } from './page-state';
import { errorText, useLoaded } from './use-api';
import { mediumName } from './wording';

type Flag = 'default_enabled' | 'mandatory';

/** The catalog: every entry with its default and mandatory flags, each changed in place (PATCH /preferences/{id}). */
export function Catalog() {
  const { data, error, setError, reload } = useLoaded<Json[]>(async () => (await api('GET', '/preferences')).data, []);

  const change = async (entry: Json, flag: Flag, value: boolean) => {
    try {
      await api('PATCH', `/preferences/${entry.id}`, { [flag]: value });
      await reload();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const flagBox = (entry: Json, flag: Flag, label: string) => (
    <input type="checkbox" checked={entry[flag]} aria-label={`${label}: ${entry.label || targetText(entry.target)} (${mediumName(entry.medium)})`} onChange={(e) => void change(entry, flag, (e.currentTarget as HTMLInputElement).checked)} />
  );

  return (
    <main>
      <h1>Catalog</h1>
      <p class="hint">What each kind of notification does when a recipient has no rule of their own. A mandatory entry cannot be turned off by recipients.</p>
      <Alert error={error} />
      {data && data.length === 0 && <p>No catalog entries.</p>}
      {data && data.length > 0 && (
        <table>
          <caption class="visually-hidden">Catalog entries</caption>
          <thead>
            <tr>
              <th scope="col">Entry</th>
              <th scope="col">Target</th>
              <th scope="col">Medium</th>
              <th scope="col">On by default</th>
              <th scope="col">Mandatory</th>
            </tr>
          </thead>
          <tbody>
            {data.map((entry) => (
              <tr key={entry.id} data-id={entry.id}>
                <td>{`${entry.label || '—'} (#${entry.id})`}</td>
                <td>{targetText(entry.target)}</td>
                <td>{mediumName(entry.medium)}</td>
                <td>{flagBox(entry, 'default_enabled', 'On by default')}</td>
                <td>{flagBox(entry, 'mandatory', 'Mandatory')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
