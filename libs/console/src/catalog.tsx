import { useState } from 'preact/hooks';
import { api, type Json } from './api';
import { changeBody, createBody, EntryForm } from './catalog-form';
import { targetText } from './outcome';
import { Alert } from './page-state';
import type { Fields } from './use-fields';
import { errorText, useLoaded } from './use-api';
import { mediumName } from './wording';

type Flag = 'default_enabled' | 'mandatory';

const entryName = (entry: Json) => `${entry.label || targetText(entry.target)} (${mediumName(entry.medium)})`;

/**
 * The catalog: every entry with its default and mandatory flags, each changed in place (PATCH
 * /preferences/{id}); an entry's every field edited, or the entry deleted, in its form; a new entry
 * added. A refused form keeps what was typed and shows the API's error.
 */
export function Catalog() {
  const { data, error, setError, reload } = useLoaded<Json[]>(async () => (await api('GET', '/preferences')).data, []);
  const [editing, setEditing] = useState<Json | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [created, setCreated] = useState(0);

  const save = async (call: () => Promise<Json>, done: string, after: () => void) => {
    try {
      await call();
      setFormError(null);
      setNotice(done);
      after();
      await reload();
    } catch (err) {
      setFormError(errorText(err));
    }
  };
  const open = (entry: Json | null) => {
    setFormError(null);
    setNotice(null);
    setEditing(entry);
  };
  const add = (f: Fields) => void save(() => api('POST', '/preferences', createBody(f)), `Entry “${f.name}” added`, () => setCreated((n) => n + 1));
  const change = (entry: Json) => (f: Fields) => void save(() => api('PATCH', `/preferences/${entry.id}`, changeBody(f, entry)), `Entry #${entry.id} saved`, () => setEditing(null));
  const remove = (entry: Json) => void save(() => api('DELETE', `/preferences/${entry.id}`), `Entry #${entry.id} deleted`, () => setEditing(null));

  const setFlag = async (entry: Json, flag: Flag, value: boolean) => {
    try {
      await api('PATCH', `/preferences/${entry.id}`, { [flag]: value });
      await reload();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const flagBox = (entry: Json, flag: Flag, label: string) => (
    <input type="checkbox" checked={entry[flag]} aria-label={`${label}: ${entryName(entry)}`} onChange={(e) => void setFlag(entry, flag, (e.currentTarget as HTMLInputElement).checked)} />
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
              <th scope="col">Action</th>
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
                <td>
                  <button type="button" aria-label={`Edit ${entryName(entry)}`} onClick={() => open(entry)}>
                    Edit
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {notice && <p role="status">{notice}</p>}
      {editing ? (
        <>
          <h2>{`Edit entry #${editing.id}: ${targetText(editing.target)}, ${mediumName(editing.medium)}`}</h2>
          <EntryForm key={editing.id} label="Edit the entry" entry={editing} error={formError} submit="Save the entry" onSubmit={change(editing)}>
            <button type="button" onClick={() => remove(editing)}>
              Delete the entry
            </button>{' '}
            <button type="button" onClick={() => open(null)}>
              Cancel
            </button>
          </EntryForm>
        </>
      ) : (
        <>
          <h2>Add an entry</h2>
          <EntryForm key={`new-${created}`} label="Add an entry" error={formError} submit="Add the entry" onSubmit={add} />
        </>
      )}
    </main>
  );
}
