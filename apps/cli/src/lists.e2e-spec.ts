import fs from 'node:fs';
import path from 'node:path';
import type { List, Project } from './api';
import type { ListImportReport } from './import/run-list-import';
import { cliEnv } from './testing/cli-harness';

describe('herald lists against the running stack', () => {
  const cli = cliEnv();
  let key = '';
  const herald = (args: string[]) => cli.herald(args, { env: { HERALD_KEY: key } });

  beforeAll(async () => {
    const created = await cli.herald(['projects', 'create', 'cli-lists-e2e', '--json', '--show-secret']);
    expect(created.code).toBe(0);
    key = created.json<{ project: Project; keys: { scope: string; key: string }[] }>().keys.find((k) => k.scope === 'full')!.key;
  });
  afterAll(() => cli.cleanup());

  it('when a list is created, imported into twice and changed by hand, then ls shows its subscriber count', async () => {
    expect((await herald(['lists', 'create', 'team:core', '--name', 'Core team', '--self-service'])).code).toBe(0);
    const rows = ['id,name', ...Array.from({ length: 2500 }, (_, i) => (i === 7 ? ' padded,Bad' : `member-${i},Member ${i}`))];
    const file = path.join(cli.home, 'members.csv');
    fs.writeFileSync(file, `${rows.join('\n')}\n`);

    const first = await herald(['lists', 'import', 'team:core', file, '--json']);
    expect(first.code).toBe(0);
    expect(first.json<ListImportReport>()).toMatchObject({ list: 'team:core', rows: 2500, subscribed: 2499, already: 0, failed: 1, complete: true, state_file: null });
    expect(fs.readFileSync(first.json<ListImportReport>().failed_file!, 'utf8')).toContain(',9,');
    const again = await herald(['lists', 'import', 'team:core', file, '--json']);
    expect(again.json<ListImportReport>()).toMatchObject({ subscribed: 0, already: 2499, failed: 1 });

    expect((await herald(['lists', 'unsubscribe', 'team:core', 'member-0', 'member-1'])).stdout).toBe('2 unsubscribed from team:core, 0 were not subscribed, 0 refused.\n');
    expect((await herald(['lists', 'subscribe', 'team:core', 'newcomer'])).stdout).toBe('1 subscribed to team:core, 0 already, 0 refused.\n');
    const listed = await herald(['lists', 'ls', '--json']);
    expect(listed.json<{ lists: List[] }>().lists).toEqual([expect.objectContaining({ key: 'team:core', name: 'Core team', self_service: true, subscriber_count: 2498 })]);
  });

  it('when the list does not exist, then the command fails with the API error', async () => {
    const res = await herald(['lists', 'subscribe', 'nope', 'someone']);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/list_not_found/);
  });
});
