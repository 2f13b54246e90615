import type { Contact, ContactInput, HeraldApi } from '../api';
import type { Io } from '../io';
import { run } from '../program';

/** Runs the CLI in memory with a fake contacts API, recording what it was asked to add. */
async function herald(args: string[]) {
  let stdout = '';
  let stderr = '';
  const added: [string, ContactInput][] = [];
  const io: Io = {
    stdout: { write: (s: string) => (stdout += s), isTTY: false },
    stderr: { write: (s: string) => (stderr += s), isTTY: false },
    env: { HERALD_CONFIG_DIR: '/nonexistent-herald-config', HERALD_URL: 'http://h.test', HERALD_KEY: 'nk_full_abcdefgh1234' },
    cwd: '/',
  };
  const api: Partial<HeraldApi> = {
    addContact: async (rid, body) => {
      added.push([rid, body]);
      return { id: 9, medium: body.medium, address: body.address, provider: body.provider, is_primary: body.is_primary ?? false, deliverable: true, confirmed: true } satisfies Contact;
    },
  };
  const code = await run(args, io, () => api as HeraldApi);
  return { code, stdout, stderr, added };
}

describe('herald contacts', () => {
  it('when a chat contact is added with its provider, then the API gets medium, provider and address, and the table shows them', async () => {
    const r = await herald(['contacts', 'add', 'team:ops', '--medium', 'chat', '--provider', 'slack', '--address', 'C0123456789', '--primary']);
    expect(r.code).toBe(0);
    expect(r.added).toEqual([['team:ops', { medium: 'chat', provider: 'slack', address: 'C0123456789', is_primary: true }]]);
    expect(r.stdout).toMatch(/chat\s+slack\s+yes\s+yes\s+C0123456789/);
  });

  it('when a chat contact has no provider, then a usage error and no API call', async () => {
    const r = await herald(['contacts', 'add', 'team:ops', '--medium', 'chat', '--address', 'C0123456789']);
    expect([r.code, r.added]).toEqual([2, []]);
    expect(r.stderr).toMatch(/--provider/);
  });
});
