import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CatalogEntry, HeraldApi, Project, Stats } from './api';
import { diffCatalog, renderDiff } from './commands/catalog-diff';
import { parseAssignments } from './commands/projects';
import { parseTarget } from './commands/send';
import { ApiError } from './errors';
import type { Io } from './io';
import { secret, table } from './output/output';
import { run } from './program';

const cfg = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-program-'));
afterAll(() => fs.rmSync(cfg, { recursive: true, force: true }));

const project: Project = { id: 3, name: 'shop', settings: { monthly_quota: null, strict_targets: false }, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };

/** Runs the CLI in memory with a fake API (only the methods a test needs). */
async function herald(args: string[], api: Partial<HeraldApi> = {}, env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: { write: (s: string) => (stdout += s), isTTY: false },
    stderr: { write: (s: string) => (stderr += s), isTTY: false },
    env: { HERALD_CONFIG_DIR: cfg, HERALD_URL: 'http://h.test', HERALD_KEY: 'nk_full_abcdefgh1234', HERALD_ADMIN_TOKEN: 'admintoken9876', ...env },
    cwd: cfg,
  };
  const calls: string[] = [];
  const code = await run(args, io, (conn, needs) => {
    calls.push(`${needs}@${conn.url}`);
    return api as HeraldApi;
  });
  return { code, stdout, stderr, calls };
}

describe('the herald program', () => {
  it('when asked for help, then every command is listed with examples, and exit 0', async () => {
    const { code, stdout } = await herald(['--help']);
    expect(code).toBe(0);
    for (const c of ['login', 'projects create', 'projects list', 'projects get', 'projects update', 'keys create', 'keys revoke', 'settings show', 'settings set', 'recipients import', 'recipients create', 'recipients list', 'recipients get', 'recipients delete', 'catalog apply', 'catalog list', 'send', 'broadcast send', 'broadcast get', 'notifications get', 'feed tail', 'explain']) {
      expect(stdout).toMatch(new RegExp(`^  herald ${c}\\b`, 'm'));
    }
    expect(stdout).toMatch(/Examples:\n {2}\$ herald recipients import users.csv/);
  });

  it('when stats are asked, then one call with the range, a table of the mediums that sent, the rates and the due timers; --json prints the answer', async () => {
    const zero = { delivered: 0, suppressed: 0, quota: 0, failed: 0, bounced: 0 };
    const answer: Stats = {
      interval: 'hour',
      from: '2026-03-01T00:00:00Z',
      to: '2026-03-02T00:00:00Z',
      intervals: [],
      totals: { in_app: { ...zero, delivered: 120, suppressed: 4 }, email: { ...zero, delivered: 38, failed: 2, bounced: 1 }, sms: zero, webhook: { ...zero, delivered: 9, failed: 1 } },
      rates: { email_bounce: 0.025, email_failure: 0.05, webhook_failure: 0.1 },
      due_timers: 7,
    };
    const seen: unknown[] = [];
    const api: Partial<HeraldApi> = { getStats: async (q) => (seen.push(q), answer) };
    const { code, stdout } = await herald(['stats', '--interval', 'hour', '--from', answer.from, '--to', answer.to], api);
    expect(code).toBe(0);
    expect(seen).toEqual([{ interval: 'hour', from: answer.from, to: answer.to }]);
    expect(stdout).toBe(
      [
        '2026-03-01T00:00:00Z to 2026-03-02T00:00:00Z, by hour',
        'medium   delivered  suppressed  quota  failed  bounced',
        'in_app         120           4      0       0        0',
        'email           38           0      0       2        1',
        'webhook          9           0      0       1        0',
        'email bounce rate 2.5%, email failure rate 5.0%, webhook failure rate 10.0%',
        'due timers 7',
        '',
      ].join('\n'),
    );
    expect(JSON.parse((await herald(['stats', '--json'], api)).stdout)).toEqual(answer);
  });

  it('when devices are added, listed and removed, then each is one API call and the output says what happened', async () => {
    const device = { id: 12, platform: 'apns', token: 'ab'.repeat(32), app_id: 'com.example.app', locale: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
    const seen: unknown[] = [];
    const api: Partial<HeraldApi> = {
      addDevice: async (rid, body) => (seen.push(['add', rid, body]), device),
      listDevices: async (rid) => (seen.push(['ls', rid]), [device]),
      deleteDevice: async (rid, id) => void seen.push(['rm', rid, id]),
    };
    expect((await herald(['devices', 'add', 'alice', 'apns', device.token, '--app-id', 'com.example.app'], api)).stdout).toBe('Device 12 (apns) registered for alice.\n');
    expect((await herald(['devices', 'ls', 'alice'], api)).stdout).toMatch(/^ID +PLATFORM +TOKEN[\s\S]*12 +apns +ababababababababababa\.\.\. +com\.example\.app/);
    expect((await herald(['devices', 'rm', 'alice', '12'], api)).stdout).toBe('Device 12 removed from alice.\n');
    expect((await herald(['devices', 'rm', 'alice', 'x'], api)).code).toBe(2);
    expect(seen).toEqual([['add', 'alice', { platform: 'apns', token: device.token, app_id: 'com.example.app', locale: undefined }], ['ls', 'alice'], ['rm', 'alice', 12]]);
  });

  it('when a subcommand is asked for help, then it shows its own examples', async () => {
    const { code, stdout } = await herald(['recipients', 'import', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/--resume/);
    expect(stdout).toMatch(/\$ herald recipients import users.csv --resume/);
  });

  it('when the command line is wrong, then one error line and exit 2, with no API call', async () => {
    for (const args of [['nope'], ['recipients', 'get'], ['send', '--payload', '{}'], ['keys', 'create', '--project', 'x'], ['settings', 'set', '--strict-targets', 'maybe']]) {
      const r = await herald(args, { getProject: async () => project, updateProject: async () => project });
      expect([args, r.code]).toEqual([args, 2]);
      expect(r.stderr).toMatch(/^error: /);
    }
  });

  it('when the API answers an error, then exit 1 with its message and code on one line', async () => {
    const r = await herald(['recipients', 'get', 'x'], {
      getRecipient: async () => {
        throw new ApiError(404, 'recipient_not_found', 'Recipient not found');
      },
    });
    expect([r.code, r.stderr, r.stdout]).toEqual([1, 'error: Recipient not found (recipient_not_found, HTTP 404)\n', '']);
  });

  it('when the server cannot be reached, then exit 1 with the cause, no stack trace', async () => {
    const r = await herald(['recipients', 'get', 'x'], {
      getRecipient: async () => {
        throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) });
      },
    });
    expect([r.code, r.stderr]).toEqual([1, 'error: cannot reach the Herald server: connect ECONNREFUSED 127.0.0.1:1\n']);
  });

  it('when a key is created, then it is hidden unless --show-secret', async () => {
    const api = { createKey: async () => ({ id: 5, scope: 'full', key: 'nk_full_SECRETSECRETwxyz' }) };
    const hidden = await herald(['keys', 'create', '--project', '3', '--json'], api);
    expect(JSON.parse(hidden.stdout)).toEqual({ id: 5, scope: 'full', key: 'nk_full_…wxyz' });
    expect(hidden.calls).toEqual(['admin@http://h.test']);
    const shown = await herald(['keys', 'create', '--project', '3', '--show-secret'], api);
    expect(shown.stdout).toContain('nk_full_SECRETSECRETwxyz');
  });

  it('when settings are set, then flags and KEY=VALUE become one patch', async () => {
    let patch: unknown;
    const r = await herald(['settings', 'set', '--project', '3', '--monthly-quota', 'unlimited', '--rate-limit', '50', '--strict-targets', 'on', 'retention_days=30', '--json'], {
      updateProject: async (_id, body) => {
        patch = body;
        return project;
      },
    });
    expect(r.code).toBe(0);
    expect(patch).toEqual({ settings: { retention_days: 30, monthly_quota: null, rate_limit_per_second: 50, strict_targets: true } });
  });

  it('when a notification is explained, then one sentence per medium; --json prints its decision object', async () => {
    const decision = {
      in_app: { result: 'delivered', because: 'catalog_entry', rule: { id: 7, label: 'Invoices', target: { channel: 'billing', topic: 'none', event: 'invoice.paid' }, medium: 'in_app', default_enabled: true, mandatory: false } },
      email: {
        result: 'skipped',
        because: 'recipient_topic_any_rule',
        rule: { target: { channel: 'billing', topic: 'any', event: 'invoice.paid' }, medium: 'email', enabled: false, set_at: '2026-11-20T10:00:00Z', set_via: 'unsubscribe_link' },
      },
    };
    // A notification as GET /notifications/{id} answers it (canned).
    const canned = JSON.parse(
      JSON.stringify({
        id: 42, recipient_id: 'alice', payload: { title: 'Paid' }, broadcast_id: null, target: { channel: 'billing', topic: 'none', event: 'invoice.paid' },
        status: 'delivered', read: false, opened: false, email: { status: 'skipped', reason: 'preference_disabled' }, decision,
        created_at: '2026-11-21T08:00:00Z', updated_at: '2026-11-21T08:00:01Z',
      }),
    );
    const asked: number[] = [];
    const api = { getNotification: async (id: number) => (asked.push(id), canned) };
    const text = await herald(['explain', '42'], api);
    expect([text.code, text.stderr, asked]).toEqual([0, '', [42]]);
    expect(text.stdout).toBe(
      'in-app: delivered — the catalog entry #7 "Invoices" turns billing/none/invoice.paid in-app notifications on by default, and the recipient has no rule of their own for them (catalog entry, step 3 of the cascade)\n' +
        'email: not sent — the recipient turned off billing/any/invoice.paid emails on 20 Nov 2026 through an unsubscribe link (recipient rule, step 2 of the cascade)\n',
    );
    const json = await herald(['explain', '42', '--json'], api);
    expect([json.code, JSON.parse(json.stdout)]).toEqual([0, decision]);
    // A notification written before decisions were recorded.
    const old = await herald(['explain', '41'], { getNotification: async () => ({ ...canned, id: 41, decision: null }) });
    expect(old.stdout).toBe('notification #41: no decision was recorded (it was sent before Herald recorded decisions)\n');
    expect((await herald(['explain', '41', '--json'], { getNotification: async () => ({ ...canned, decision: null }) })).stdout).toBe('null\n');
    expect((await herald(['explain', 'x'], api)).code).toBe(2);
  });

  it('when a notification\'s timeline is asked for, then one line per step; --json prints the steps', async () => {
    const none = { medium: null, provider: null, detail: null, attempts: null, digest_id: null, webhook_id: null, webhook_url: null, event_type: null, response_status: null, latency_ms: null };
    const steps = [
      { ...none, at: '2026-11-21T08:00:00Z', kind: 'accepted', status: 'delivered' },
      { ...none, at: '2026-11-21T08:00:01Z', kind: 'outbound', medium: 'email', status: 'sent', provider: 'smtp', attempts: 1 },
      { ...none, at: '2026-11-21T08:00:02Z', kind: 'webhook', status: 'failed', webhook_id: 3, webhook_url: 'https://h.test/hook', event_type: 'email.sent', response_status: 503, latency_ms: 12 },
    ];
    const asked: number[] = [];
    const api = { getTimeline: async (id: number) => (asked.push(id), { steps }) };
    const text = await herald(['notifications', 'timeline', '42'], api);
    expect([text.code, text.stderr, asked]).toEqual([0, '', [42]]);
    expect(text.stdout).toBe(
      '2026-11-21T08:00:00Z  accepted    delivered\n' +
        '2026-11-21T08:00:01Z  outbound    email sent (via smtp, 1 attempt)\n' +
        '2026-11-21T08:00:02Z  webhook     failed (email.sent to https://h.test/hook, answered 503, 12 ms)\n',
    );
    expect(JSON.parse((await herald(['notifications', 'timeline', '42', '--json'], api)).stdout)).toEqual({ steps });
    expect((await herald(['notifications', 'timeline', 'x'], api)).code).toBe(2);
  });

  it("when a timeline has attempt steps, then each line names the attempt's number and the provider's answer", async () => {
    const none = { medium: null, provider: null, detail: null, attempts: null, digest_id: null, webhook_id: null, webhook_url: null, event_type: null, response_status: null, latency_ms: null, attempt: null, message_id: null };
    const steps = [
      { ...none, at: '2026-11-21T08:00:01Z', kind: 'attempt', medium: 'sms', status: 'retried', attempt: 1, detail: 'sms-a answered 503' },
      { ...none, at: '2026-11-21T08:00:04Z', kind: 'attempt', medium: 'sms', status: 'sent', attempt: 2, provider: 'sms-a', message_id: 'SM1' },
    ];
    const text = await herald(['notifications', 'timeline', '42'], { getTimeline: async () => ({ steps }) });
    expect(text.stdout).toBe('2026-11-21T08:00:01Z  attempt     sms #1 retried (sms-a answered 503)\n' + '2026-11-21T08:00:04Z  attempt     sms #2 sent (via sms-a, message id SM1)\n');
  });

  it('when a project key is missing, then a usage error says how to give one', async () => {
    const r = await herald(['recipients', 'list'], {}, { HERALD_KEY: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no project key: pass --key, set HERALD_KEY, or run herald login/);
  });
});

describe('helpers', () => {
  it('when a table is printed, then columns align and cells stay on one line', () => {
    expect(table([{ a: 'x', b: 'two\nlines' }, { a: 'longer', b: null }], [{ header: 'a', value: (r) => r.a }, { header: 'b', value: (r) => r.b }])).toBe('A       B\nx       two lines\nlonger\n');
  });

  it('when a secret is shown hidden, then only its prefix and last four characters remain', () => {
    expect(secret('nk_rcpt_abcdefghijklmnop', false)).toBe('nk_rcpt_…mnop');
    expect(secret('3f0c9a7b', false)).toBe('…9a7b');
    expect(secret('3f0c9a7b', true)).toBe('3f0c9a7b');
  });

  it('when targets and assignments are parsed, then events may hold slashes and values are typed', () => {
    expect(parseTarget('a/none/b/c')).toEqual({ channel: 'a', topic: 'none', event: 'b/c' });
    expect(() => parseTarget('a/b')).toThrow(/channel\/topic\/event/);
    expect(parseAssignments(['n=5', 'b=true', 'z=null', 's=hello'])).toEqual({ n: 5, b: true, z: null, s: 'hello' });
  });

  it('when a catalog file is compared, then additions, changes and (with prune) removals are listed', () => {
    const entry = (id: number, event: string, label: string, medium = 'in_app'): CatalogEntry => ({ id, target: { channel: 'c', topic: 'none', event }, medium, label, description: null, default_enabled: true, mandatory: false });
    const current = [entry(1, 'same', 'Same'), entry(2, 'renamed', 'Old'), entry(3, 'gone', 'Gone', 'email')];
    const items = [
      { channel: 'c', topic: 'none', event: 'same', name: 'Same', default_enabled: true },
      { channel: 'c', topic: 'none', event: 'renamed', name: 'New', default_enabled: true, description: '  ' },
      { channel: 'c', topic: 'none', event: 'added', medium: 'email', name: 'Added', default_enabled: false },
    ];
    const kept = diffCatalog(current, items, false);
    expect(kept.changes.map((c) => [c.kind, c.key])).toEqual([
      ['change', 'c/none/renamed (in_app)'],
      ['add', 'c/none/added (email)'],
    ]);
    expect(kept.unchanged).toBe(2);
    const pruned = diffCatalog(current, items, true);
    expect(pruned.changes.map((c) => c.kind)).toEqual(['change', 'add', 'remove']);
    expect(renderDiff(pruned)).toBe(
      '~ c/none/renamed (in_app)  name: "Old" → "New"\n+ c/none/added (email)  name="Added" description=null default_enabled=false mandatory=false\n- c/none/gone (email)  "Gone"\n1 to add, 1 to change, 1 to remove, 1 unchanged\n',
    );
  });
});

describe('the CLI documentation', () => {
  it('when the help changes, then the list of every command in docs/cli.md still matches it', async () => {
    const { stdout } = await herald(['--help']);
    const list = stdout.slice(stdout.indexOf('Every command:'), stdout.indexOf('\n\n', stdout.indexOf('Every command:')));
    const doc = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'cli.md'), 'utf8');
    expect(doc).toContain(`\`\`\`\n${list}\n\`\`\``);
  });
});

describe('herald send to many', () => {
  const broadcast = { id: 9, target: { channel: 'c', topic: 't', event: 'e' }, status: 'enqueued', recipients_total: 0, notifications_created: 0, email: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };

  it('when --to-many and --exclude are given, then one send carries recipient_ids and exclude_recipient_ids, and the answer names the broadcast and what was left out', async () => {
    const bodies: unknown[] = [];
    const r = await herald(['send', '--to-many', 'alice, bob,carol', '--exclude', 'bob', '--target', 'c/t/e', '--payload', '{"title":"x"}'], {
      send: async (body) => {
        bodies.push(body);
        return { notification: null, broadcast: { ...broadcast, audience: { recipient_ids: 2, excluded: 1 } }, failed: [{ id: ' x', batch_index: 3 }] };
      },
    });
    expect(r.code).toBe(0);
    expect(bodies).toEqual([{ recipient_ids: ['alice', 'bob', 'carol'], exclude_recipient_ids: ['bob'], target: { channel: 'c', topic: 't', event: 'e' }, payload: { title: 'x' } }]);
    expect(r.stdout).toMatch(/^Broadcast 9 to 2 recipients: enqueued\nLeft out \(not a valid recipient id\): " x"\nFollow it: herald broadcast get 9 --watch\n$/);
  });

  it('when a list send carries --sms, then the send carries the sms block and the broadcast shows its sms', async () => {
    const bodies: unknown[] = [];
    const r = await herald(['send', '--list', 'on-call', '--target', 'c/t/e', '--sms', 'Deploy failed'], {
      send: async (body) => {
        bodies.push(body);
        return { notification: null, broadcast: { ...broadcast, audience: { list: 'on-call', excluded: 0 } } };
      },
    });
    expect(r.code).toBe(0);
    expect(bodies).toEqual([{ list: 'on-call', target: { channel: 'c', topic: 't', event: 'e' }, sms: { text: 'Deploy failed' } }]);
    const got = await herald(['broadcast', 'get', '9'], { getBroadcast: async () => ({ ...broadcast, status: 'completed', sms: { status: 'sent', eligible: 2 } }) });
    expect(got.stdout).toMatch(/sms:\s+sent \(2 eligible\)/);
  });

  it('when a broadcast carries a mobile push, then broadcast get shows its progress', async () => {
    const got = await herald(['broadcast', 'get', '9'], { getBroadcast: async () => ({ ...broadcast, status: 'completed', mobile_push: { status: 'sent', eligible: 3 } }) });
    expect(got.stdout).toMatch(/mobile_push:\s+sent \(3 eligible\)/);
  });

  it('when no audience, two audiences, or --exclude with --to are given, then a usage error and no API call', async () => {
    for (const args of [['send', '--payload', '{}'], ['send', '--to', 'a', '--list', 'l', '--payload', '{}'], ['send', '--to', 'a', '--exclude', 'b', '--payload', '{}'], ['send', '--to-many', ',', '--payload', '{}']]) {
      const r = await herald(args, {});
      expect([args, r.code]).toEqual([args, 2]);
    }
  });
});
