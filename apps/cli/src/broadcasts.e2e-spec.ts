import type { Broadcast, Project } from './api';
import { cliEnv } from './testing/cli-harness';

describe('herald broadcasts ls against the running stack', () => {
  const cli = cliEnv();
  let key = '';
  const herald = (args: string[]) => cli.herald(args, { env: { HERALD_KEY: key } });
  const ids: number[] = [];

  beforeAll(async () => {
    const created = await cli.herald(['projects', 'create', 'cli-broadcasts-e2e', '--json', '--show-secret']);
    expect(created.code).toBe(0);
    key = created.json<{ project: Project; keys: { scope: string; key: string }[] }>().keys.find((k) => k.scope === 'full')!.key;
    for (const title of ['First', 'Second', 'Third']) {
      const sent = await herald(['broadcast', 'send', '--target', 'news/none/weekly', '--payload', JSON.stringify({ title }), '--at', new Date(Date.now() + 3_600_000).toISOString(), '--json']);
      expect(sent.code).toBe(0);
      ids.push(sent.json<{ broadcast: Broadcast }>().broadcast.id);
    }
  });
  afterAll(() => cli.cleanup());

  it('when the broadcasts are listed two at a time, then the newest come first and the cursor continues to the last', async () => {
    const first = await herald(['broadcasts', 'ls', '--limit', '2', '--json']);
    expect(first.code).toBe(0);
    const page = first.json<{ broadcasts: Broadcast[]; next_cursor: string | null }>();
    expect(page.broadcasts.map((b) => b.id)).toEqual([ids[2], ids[1]]);
    const rest = await herald(['broadcasts', 'ls', '--cursor', page.next_cursor!, '--json']);
    expect(rest.json<{ broadcasts: Broadcast[]; next_cursor: string | null }>()).toEqual({ broadcasts: [expect.objectContaining({ id: ids[0], status: 'scheduled' })], next_cursor: null });

    const human = await herald(['broadcast', 'ls']);
    expect(human.stdout.split('\n')[0]).toMatch(/^ID\s+CREATED_AT\s+STATUS\s+CREATED\s+AUDIENCE\s+TARGET/);
    expect(human.stdout).toContain(`${ids[2]} `);
    expect(human.stdout).toContain('0/0');
  });
});
