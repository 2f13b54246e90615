import { useState } from 'preact/hooks';
import { api, ApiError, type Json } from './api';

/** Exchanges a Full key (or the admin token and a project id) for a session cookie; the key is dropped from the page at once. */
export function SignIn({ onSignedIn }: { onSignedIn: (project: Json) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const key = String(data.get('key') ?? '');
    const projectId = String(data.get('project_id') ?? '').trim();
    form.reset();
    setBusy(true);
    setError(null);
    try {
      const res = await api('POST', '/console/session', { key, ...(projectId ? { project_id: Number(projectId) } : {}) });
      onSignedIn(res.data.project);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The gateway could not be reached');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="sign-in">
      <h1>Herald console</h1>
      <form onSubmit={submit} autocomplete="off">
        <label for="key">Full key or admin token</label>
        <input id="key" name="key" type="password" required autocomplete="off" spellcheck={false} />
        <label for="project_id">Project id (admin token only)</label>
        <input id="project_id" name="project_id" inputMode="numeric" pattern="[0-9]*" />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
      </form>
      <p class="hint">The key is exchanged for a session cookie; it is not kept in this page, its address or its storage.</p>
    </main>
  );
}
