import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eventually } from '@herald/testing';
import type { Broadcast, Notification, Project } from './api';
import type { ImportReport } from './import/run-import';
import { cliEnv } from './testing/cli-harness';

const bin = path.resolve(__dirname, '..', 'bin', 'herald.cjs');

describe('herald against the running stack', () => {
  const cli = cliEnv();
  let key = '';
  let projectId = 0;
  const herald = (args: string[]) => cli.herald(args, { env: { HERALD_KEY: key } });

  beforeAll(async () => {
    const created = await cli.herald(['projects', 'create', 'cli-e2e', '--json', '--show-secret']);
    expect(created.code).toBe(0);
    const data = created.json<{ project: Project; keys: { scope: string; key: string }[] }>();
    projectId = data.project.id;
    key = data.keys.find((k) => k.scope === 'full')!.key;
    expect(key).toMatch(/^nk_full_/);
  });
  afterAll(() => cli.cleanup());

  it('when 5,000 rows are imported with an unreadable row, a refused id and a bad email, then the rest is in and the three are reported with their lines', async () => {
    const rows = ['id,name,email'];
    for (let i = 0; i < 5000; i += 1) {
      if (i === 100) rows.push('broken"quote,Broken,');
      else if (i === 2500) rows.push(`${'x'.repeat(300)},Too long,`);
      else if (i === 4000) rows.push('bad-mail,Bad,not-an-address');
      else rows.push(`imp-${i},User ${i},${i % 1000 === 1 ? `imp-${i}@example.com` : ''}`);
    }
    const file = path.join(cli.home, 'users.csv');
    // CRLF line ends and a BOM, as spreadsheet exports write them.
    fs.writeFileSync(file, `\uFEFF${rows.join('\r\n')}\r\n`);
    const res = await herald(['recipients', 'import', file, '--json']);
    expect(res.code).toBe(0);
    const report = res.json<ImportReport>();
    expect(report).toMatchObject({ rows: 5000, created: 4997, updated: 0, failed: 3, skipped: 0, complete: true, state_file: null });
    expect(res.stderr).toMatch(/Imported .*users\.csv: 4,997 created, 0 updated, 3 failed/);
    const failed = fs.readFileSync(report.failed_file!, 'utf8').trim().split('\n');
    expect(failed[0]).toBe('id,name,email,line,error');
    // Rows that cannot be read come first; refused rows follow as their batches finish.
    const byLine = failed.slice(1).sort((a, b) => Number(a.match(/,(\d+),/)![1]) - Number(b.match(/,(\d+),/)![1]));
    expect(byLine.map((l) => l.match(/,(\d+),/)?.[1])).toEqual(['102', '2502', '4002']);
    expect(byLine[0]).toMatch(/^,,,102,"a quote inside an unquoted field .*: broken""quote,Broken,"$/);
    expect(byLine[1]).toMatch(/^x{300},Too long,,2502,id: /);
    expect(byLine[2]).toMatch(/^bad-mail,Bad,not-an-address,4002,"recipient saved, email not set: .*validation_failed/);

    const one = await herald(['recipients', 'get', 'imp-4999', '--json']);
    expect(one.json()).toMatchObject({ id: 'imp-4999', name: 'User 4999' });
    const page = await herald(['recipients', 'list', '--limit', '3', '--json']);
    const listed = page.json<{ recipients: { id: string }[]; next_cursor: string | null }>();
    // Batches run concurrently, so which imported rows come first in creation order varies.
    expect(listed.recipients.map((r) => r.id)).toEqual([expect.stringMatching(/^imp-\d+$/), expect.stringMatching(/^imp-\d+$/), expect.stringMatching(/^imp-\d+$/)]);
    expect(new Set(listed.recipients.map((r) => r.id)).size).toBe(3);
    expect(listed.next_cursor).toEqual(expect.any(String));
  });

  it('when an import is interrupted, then --resume sends only what the first run did not confirm', async () => {
    const file = path.join(cli.home, 'resume.jsonl');
    fs.writeFileSync(file, Array.from({ length: 5000 }, (_, i) => JSON.stringify({ id: `res-${i}`, name: `R ${i}` })).join('\n'));
    const state = `${file}.import-state`;
    const child = spawn(process.execPath, [bin, 'recipients', 'import', file, '--batch-size', '250', '--concurrency', '1'], {
      env: { ...process.env, ...cli.env, HERALD_KEY: key },
      cwd: cli.home,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Interrupt once at least two batches are on record.
    await eventually('two batches on record', () => fs.existsSync(state) && fs.readFileSync(state, 'utf8').trim().split('\n').length >= 3, { timeoutMs: 120_000 });
    child.kill('SIGINT');
    const code = await exited;
    expect([code, out]).toEqual([130, expect.stringMatching(/Stopped importing .*--resume/s)]);
    const confirmedBefore = fs.readFileSync(state, 'utf8').trim().split('\n').length - 1;
    expect(confirmedBefore).toBeGreaterThanOrEqual(2);
    expect(confirmedBefore).toBeLessThan(20);

    const resumed = await herald(['recipients', 'import', file, '--resume', '--json']);
    expect([resumed.code, resumed.stderr]).toEqual([0, expect.any(String)]);
    const report = resumed.json<ImportReport>();
    expect(report.skipped).toBe(confirmedBefore * 250);
    expect(report).toMatchObject({ complete: true, failed: 0, created: 5000, updated: 0 });
    expect(fs.existsSync(state)).toBe(false);

    const all = await herald(['recipients', 'list', '--all', '--json']);
    const ids = new Set(all.json<{ recipients: { id: string }[] }>().recipients.map((r) => r.id));
    expect(Array.from({ length: 5000 }, (_, i) => ids.has(`res-${i}`)).every(Boolean)).toBe(true);
  }, 180_000);

  it('when a broadcast is sent with --watch, then the command ends when it completed and prints its counts', async () => {
    // A project of its own with 300 recipients keeps the fan-out short.
    const created = (await cli.herald(['projects', 'create', 'cli-e2e-broadcast', '--json', '--show-secret'])).json<{ keys: { scope: string; key: string }[] }>();
    const bkey = created.keys.find((k) => k.scope === 'full')!.key;
    const file = path.join(cli.home, 'few.csv');
    fs.writeFileSync(file, ['id', ...Array.from({ length: 300 }, (_, i) => `b-${i}`)].join('\n'));
    expect((await cli.herald(['recipients', 'import', file], { env: { HERALD_KEY: bkey } })).code).toBe(0);
    const herald = (args: string[]) => cli.herald(args, { env: { HERALD_KEY: bkey } });
    const res = await herald(['broadcast', 'send', '--target', 'news/none/weekly', '--payload', '{"title":"Weekly"}', '--watch', '--interval', '200', '--json']);
    expect(res.code).toBe(0);
    const b = res.json<Broadcast>();
    expect(b.status).toBe('completed');
    expect(b.recipients_total).toBe(300);
    expect(b.notifications_created).toBe(b.recipients_total);

    const human = await herald(['broadcast', 'get', String(b.id)]);
    expect(human.stdout).toMatch(/status:\s+completed/);
    expect(human.stdout).toMatch(new RegExp(`notifications_created:\\s+${b.notifications_created}`));
  });

  it('when a send is scheduled with --at, then it is scheduled, and notifications cancel cancels it; a second cancel answers the same', async () => {
    const sent = await herald(['send', '--to', 'later-1', '--target', 'billing/none/invoice.paid', '--payload', '{"title":"Later"}', '--at', '+1h', '--json']);
    expect(sent.code).toBe(0);
    const n = sent.json<{ notification: Notification }>().notification;
    expect(n).toMatchObject({ recipient_id: 'later-1', status: 'scheduled', send_at: expect.any(String) });
    const canceled = await herald(['notifications', 'cancel', String(n.id)]);
    expect(canceled.code).toBe(0);
    expect(canceled.stdout).toMatch(new RegExp(`Notification ${n.id} for later-1: canceled`));
    expect((await herald(['notifications', 'cancel', String(n.id), '--json'])).json<Notification>()).toMatchObject({ id: n.id, status: 'canceled' });
    const bad = await herald(['send', '--to', 'later-1', '--payload', '{}', '--at', 'tomorrow']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--at/);
  });

  it('when a notification is sent, then --json prints it and notifications get reads it back; feed tail prints it', async () => {
    const payloadFile = path.join(cli.home, 'payload.json');
    fs.writeFileSync(payloadFile, JSON.stringify({ title: 'Hello', url: '/x' }));
    const sent = await herald(['send', '--to', 'tail-me', '--target', 'billing/none/invoice.paid', '--payload', `@${payloadFile}`, '--json']);
    expect(sent.code).toBe(0);
    const n = sent.json<{ notification: Notification }>().notification;
    expect(n).toMatchObject({ recipient_id: 'tail-me', status: 'enqueued', payload: { title: 'Hello', url: '/x' } });

    const read = await eventually('notification delivered', async () => {
      const got = (await herald(['notifications', 'get', String(n.id), '--json'])).json<Notification>();
      return got.status === 'delivered' ? got : undefined;
    });
    expect(read).toMatchObject({ id: n.id, status: 'delivered', email: { status: 'not_requested' } });

    const tail = await herald(['feed', 'tail', 'tail-me', '--limit', '5', '--max', '0', '--json']);
    expect(tail.code).toBe(0);
    expect(tail.stdout.trim().split('\n').map((l) => JSON.parse(l).id)).toEqual([n.id]);

    // The follower says it follows once it read the feed's head: only then is the next send new to it.
    const note = (pattern: RegExp) => {
      let seen: () => void = () => undefined;
      const noted = new Promise<void>((resolve) => (seen = resolve));
      return { noted, onStderr: (all: string) => pattern.test(all) && seen() };
    };
    const polling = note(/polling tail-me's feed/);
    const following = cli.herald(['feed', 'tail', 'tail-me', '--limit', '0', '--max', '1', '--poll', '--interval', '100'], { env: { HERALD_KEY: key }, onStderr: polling.onStderr });
    await polling.noted;
    const second = (await herald(['send', '--to', 'tail-me', '--payload', '{"title":"Second"}', '--json'])).json<{ notification: Notification }>().notification;
    const followed = await following;
    expect(followed.code).toBe(0);
    expect(followed.stdout).toMatch(new RegExp(`^\\S+Z {2}#${second.id} {2}- {2}unread {2}\\{"title":"Second"\\}\\n$`));

    // Without --poll the live stream is followed (the SDK's subscribe()).
    const streaming = note(/following tail-me's feed live/);
    const live = cli.herald(['feed', 'tail', 'tail-me', '--limit', '0', '--max', '1'], { env: { HERALD_KEY: key }, onStderr: streaming.onStderr });
    await streaming.noted;
    await herald(['send', '--to', 'tail-me', '--payload', '{"title":"Third"}']);
    const streamed = await live;
    expect(streamed.code).toBe(0);
    expect(streamed.stderr).toMatch(/following tail-me's feed live/);
    expect(streamed.stdout).toMatch(/^\S+Z {2}#\d+ {2}- {2}unread {2}\{"title":"Third"\}\n$/);
  });

  it('when activity is asked with a filter, then it prints the matching notifications; --follow prints the next one', async () => {
    const recipient = `activity-${Date.now().toString(36)}`;
    const first = (await herald(['send', '--to', recipient, '--payload', '{"title":"One"}', '--json'])).json<{ notification: Notification }>().notification;
    const listed = await eventually('the send in the activity', async () => {
      const res = await herald(['activity', '--recipient', recipient, '--json']);
      return res.stdout.trim() ? res : undefined;
    });
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n').map((l) => JSON.parse(l).id)).toEqual([first.id]);
    const text = await herald(['activity', '--recipient', recipient, '--status', 'delivered']);
    expect(text.stdout).toMatch(new RegExp(`^\\S+Z {2}#${first.id} {2}${recipient} {2}delivered {2}-\\n$`));

    let ready: () => void = () => undefined;
    const polling = new Promise<void>((resolve) => (ready = resolve));
    const following = cli.herald(['activity', '--recipient', recipient, '--follow', '--max', '1', '--interval', '100', '--json'], { env: { HERALD_KEY: key }, onStderr: (all) => /polling the activity/.test(all) && ready() });
    await polling;
    const second = (await herald(['send', '--to', recipient, '--payload', '{"title":"Two"}', '--json'])).json<{ notification: Notification }>().notification;
    const followed = await following;
    expect(followed.code).toBe(0);
    expect(followed.stdout.trim().split('\n').map((l) => JSON.parse(l).id)).toEqual([first.id, second.id]);

    const refused = await herald(['activity', '--topic', 'invoices']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/filter_not_indexed|No index serves/);
  });

  it('when activity --follow has filters the stream takes, then it follows the activity stream and prints each new matching notification once', async () => {
    const recipient = `activity-live-${Date.now().toString(36)}`;
    let ready: () => void = () => undefined;
    const live = new Promise<void>((resolve) => (ready = resolve));
    const following = cli.herald(['activity', '--recipient', recipient, '--limit', '1', '--follow', '--max', '2', '--json'], {
      env: { HERALD_KEY: key },
      onStderr: (all) => /following the activity live/.test(all) && ready(),
    });
    await live;
    const sent = [];
    for (const title of ['One', 'Two']) sent.push((await herald(['send', '--to', recipient, '--payload', JSON.stringify({ title }), '--json'])).json<{ notification: Notification }>().notification.id);
    const followed = await following;
    expect(followed.code).toBe(0);
    expect(followed.stdout.trim().split('\n').map((l) => JSON.parse(l).id)).toEqual(sent);
  });

  it('when projects, keys, settings and the catalog are managed, then --json output parses and secrets stay hidden', async () => {
    const got = await cli.herald(['projects', 'get', String(projectId), '--json']);
    expect(got.json<Project>()).toMatchObject({ id: projectId, name: 'cli-e2e' });
    // The e2e stack is shared: other specs' projects may come first, past the default 100.
    const listed = await cli.herald(['projects', 'list', '--limit', '100000', '--json']);
    expect(listed.json<Project[]>().map((p) => p.id)).toContain(projectId);

    const set = await cli.herald(['settings', 'set', '--project', String(projectId), '--monthly-quota', '100000', '--strict-targets', 'off', '--json']);
    expect(set.json()).toMatchObject({ monthly_quota: 100000, strict_targets: false });

    const hidden = await cli.herald(['keys', 'create', '--project', String(projectId), '--scope', 'recipient', '--json']);
    const k = hidden.json<{ id: number; key: string }>();
    expect(k.key).toMatch(/^nk_rcpt_….{4}$/);
    const revoked = await cli.herald(['keys', 'revoke', String(k.id), '--project', String(projectId), '--json']);
    expect(revoked.json()).toEqual({ revoked: k.id, project_id: projectId });

    const file = path.join(cli.home, 'catalog.yaml');
    fs.writeFileSync(file, 'catalog:\n  - {channel: billing, topic: none, event: invoice.paid, medium: email, name: Invoice paid, default_enabled: true}\n  - {channel: news, topic: any, event: weekly, name: Weekly news, default_enabled: false}\n');
    const refused = await herald(['catalog', 'apply', file]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toMatch(/^\+ billing\/none\/invoice.paid \(email\)/m);
    expect(refused.stderr).toMatch(/pass --yes/);
    const applied = await herald(['catalog', 'apply', file, '--yes', '--json']);
    expect(applied.json()).toMatchObject({ applied: true, catalog: [{ label: 'Invoice paid' }, { label: 'Weekly news' }] });
    fs.writeFileSync(file, '- {channel: billing, topic: none, event: invoice.paid, medium: email, name: Invoice paid!, default_enabled: true}\n');
    const pruned = await herald(['catalog', 'apply', file, '--prune', '--yes']);
    expect(pruned.stdout).toMatch(/~ billing\/none\/invoice.paid \(email\) {2}name: "Invoice paid" → "Invoice paid!"/);
    expect(pruned.stdout).toMatch(/- news\/any\/weekly \(in_app\)/);
    const catalog = await herald(['catalog', 'list', '--json']);
    expect(catalog.json<{ label: string }[]>().map((e) => e.label)).toEqual(['Invoice paid!']);
  });

  it('when recipients are searched, then the ones whose id, name or address starts with the text are printed', async () => {
    expect((await herald(['recipients', 'create', 'search-ada', '--name', 'Ada Lovelace', '--email', 'countess@example.com'])).code).toBe(0);
    expect((await herald(['recipients', 'create', 'search-grace', '--name', 'Grace Hopper'])).code).toBe(0);
    const byId = await herald(['recipients', 'search', 'search-', '--json']);
    expect(byId.json<{ recipients: { id: string }[] }>().recipients.map((r) => r.id)).toEqual(['search-ada', 'search-grace']);
    const byAddress = await herald(['recipients', 'search', 'countess@', '--json']);
    expect(byAddress.json<{ recipients: { id: string }[] }>().recipients.map((r) => r.id)).toEqual(['search-ada']);
    const byName = await herald(['recipients', 'search', 'Grace']);
    expect([byName.code, byName.stdout]).toEqual([0, expect.stringContaining('search-grace')]);
  });

  it('when the API refuses or the command line is wrong, then one line on stderr and exit 1 or 2', async () => {
    const missing = await herald(['recipients', 'get', 'nobody']);
    expect([missing.code, missing.stderr]).toEqual([1, 'error: Recipient not found (recipient_not_found, HTTP 404)\n']);
    const badKey = await cli.herald(['recipients', 'list'], { env: { HERALD_KEY: 'nk_full_wrong' } });
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toMatch(/^error: .*\(unauthorized, HTTP 401\)\n$/);
    const usage = await herald(['send', '--to', 'x', '--payload', '{not json']);
    expect([usage.code, usage.stderr]).toEqual([2, expect.stringMatching(/^error: --payload is not valid JSON/)]);
    const unknown = await herald(['recipients', 'frobnicate']);
    expect(unknown.code).toBe(2);
    for (const r of [missing, badKey, usage, unknown]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
