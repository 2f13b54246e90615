import fs from 'node:fs';
import { sleep } from '@herald/timing';
import type { Broadcast, HeraldApi, SendBody, Target } from '../api';
import { positiveInt, type Context } from '../context';
import { CliFailure, UsageError } from '../errors';
import { fields } from '../output/output';
import { progressBar } from '../progress';
import { mobilePushOf, type MobilePushOpts } from './mobile-push-flags';
import { addBroadcastList } from './broadcast-list';
import { examples, type Register } from './register';

/** A flag value given inline or as `@path` (read from that file). */
export function inlineOrFile(value: string, flag: string): string {
  if (!value.startsWith('@')) return value;
  try {
    return fs.readFileSync(value.slice(1), 'utf8');
  } catch (err) {
    throw new UsageError(`${flag}: cannot read ${value.slice(1)}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

export function parsePayload(value: string): Record<string, unknown> {
  const text = inlineOrFile(value, '--payload');
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--payload is not valid JSON: ${(err as Error).message}`);
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) throw new UsageError('--payload must be a JSON object');
  return payload as Record<string, unknown>;
}

/** `channel/topic/event`; the event may itself hold slashes. */
export function parseTarget(value: string): Target {
  const [channel, topic, ...rest] = value.split('/');
  const event = rest.join('/');
  if (!channel || !topic || !event) throw new UsageError(`--target is channel/topic/event, for example billing/none/invoice.paid (got "${value}")`);
  return { channel, topic, event };
}

interface SendOpts extends MobilePushOpts {
  to?: string;
  toMany?: string;
  list?: string;
  exclude?: string;
  payload?: string;
  target?: string;
  emailSubject?: string;
  emailHtml?: string;
  emailText?: string;
  emailDelay?: string;
  emailUnless?: string;
  sms?: string;
  idempotencyKey?: string;
  at?: string;
}

const AT_UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** `--at` (or another time flag): an RFC 3339 time with a zone, or `+<n><s|m|h|d>` from now (the server checks the 90-day bound). */
export function parseAt(value: string, now = new Date(), flag = '--at'): string {
  const rel = /^\+(\d+)([smhd])$/.exec(value);
  if (rel) return new Date(now.getTime() + Number(rel[1]) * AT_UNIT_MS[rel[2] as keyof typeof AT_UNIT_MS]).toISOString();
  const m = RFC3339.exec(value);
  // A real calendar day (Date.parse rolls 31 February over into March).
  if (!m || Number.isNaN(Date.parse(value)) || Number(m[3]) > new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate()) {
    throw new UsageError(`${flag} is an RFC 3339 time with a zone (2030-01-31T09:00:00Z) or +<n>s|m|h|d from now, for example +2h (got "${value}")`);
  }
  return value;
}

/** A list of recipient ids: comma-separated inline, or `@file` with one id per line (blank lines skipped). */
export function parseIds(value: string, flag: string): string[] {
  const ids = value.startsWith('@') ? inlineOrFile(value, flag).split(/\r?\n/) : value.split(',');
  const out = ids.map((id) => id.trim()).filter((id) => id !== '');
  if (out.length === 0) throw new UsageError(`${flag} names no recipient id`);
  return out;
}

/** Who `herald send` sends to: one recipient (--to), many (--to-many) or a list (--list), less --exclude. */
type Audience = Pick<SendBody, 'recipient_id' | 'recipient_ids' | 'list' | 'exclude_recipient_ids'>;

function audienceOf(opts: SendOpts): Audience {
  const given = [opts.to, opts.toMany, opts.list].filter((v) => v !== undefined).length;
  if (given !== 1) throw new UsageError('send to one of --to <recipient-id>, --to-many <ids|@file> or --list <key>');
  if (opts.to !== undefined && opts.exclude !== undefined) throw new UsageError('--exclude goes with --to-many or --list');
  const exclude = opts.exclude !== undefined ? { exclude_recipient_ids: parseIds(opts.exclude, '--exclude') } : {};
  if (opts.toMany !== undefined) return { recipient_ids: parseIds(opts.toMany, '--to-many'), ...exclude };
  if (opts.list !== undefined) return { list: opts.list, ...exclude };
  return { recipient_id: opts.to! };
}

function sendBody(audience: Audience, opts: SendOpts): SendBody {
  const body: SendBody = { ...audience };
  if (opts.target) body.target = parseTarget(opts.target);
  if (opts.payload !== undefined) body.payload = parsePayload(opts.payload);
  if (opts.emailSubject !== undefined || opts.emailHtml !== undefined || opts.emailText !== undefined) {
    if (opts.emailSubject === undefined || opts.emailHtml === undefined) throw new UsageError('an email needs both --email-subject and --email-html');
    body.email = { subject: opts.emailSubject, html: inlineOrFile(opts.emailHtml, '--email-html') };
    if (opts.emailText !== undefined) body.email.text = inlineOrFile(opts.emailText, '--email-text');
    if (opts.emailDelay !== undefined) {
      if (!/^\d+$/.test(opts.emailDelay)) throw new UsageError(`--email-delay is a number of seconds (got "${opts.emailDelay}")`);
      body.email.delay_seconds = Number(opts.emailDelay);
    }
    if (opts.emailUnless !== undefined) body.email.unless = opts.emailUnless;
  } else if (opts.emailDelay !== undefined || opts.emailUnless !== undefined) {
    throw new UsageError('--email-delay and --email-unless need an email (--email-subject and --email-html)');
  }
  if (opts.sms !== undefined) body.sms = { text: inlineOrFile(opts.sms, '--sms') };
  const mobilePush = mobilePushOf(opts);
  if (mobilePush) body.mobile_push = mobilePush;
  if (opts.at !== undefined) body.send_at = parseAt(opts.at);
  if (body.payload === undefined && body.email === undefined && body.sms === undefined && body.mobile_push === undefined) {
    throw new UsageError('nothing to send: pass --payload, --email-subject with --email-html, --sms, or --mobile-title with --mobile-body');
  }
  return body;
}

/** A broadcast's email, SMS or mobile push: its status and how many were eligible. */
const outboundText = (o: { status: string; eligible?: number } | null | undefined) => (o ? `${o.status}${o.eligible !== undefined ? ` (${o.eligible} eligible)` : ''}` : 'none');

const broadcastFields = (b: Broadcast) =>
  fields([
    ['id', b.id],
    ['status', b.status],
    ['target', `${b.target.channel}/${b.target.topic}/${b.target.event}`],
    ['recipients_total', b.recipients_total],
    ['notifications_created', b.notifications_created],
    ['email', outboundText(b.email)],
    ...(b.sms ? [['sms', outboundText(b.sms)] as [string, unknown]] : []),
    ...(b.mobile_push ? [['mobile_push', outboundText(b.mobile_push)] as [string, unknown]] : []),
    ['send_at', b.send_at ?? ''],
    ['created_at', b.created_at],
    ['updated_at', b.updated_at],
  ]);

/** Polls a broadcast until it is completed or failed, with a bar of notifications_created / recipients_total. */
export async function watchBroadcast(ctx: Context, api: HeraldApi, id: number, intervalMs: number): Promise<Broadcast> {
  const bar = progressBar(ctx.io, { enabled: ctx.progress, unit: 'notifications' });
  let started = false;
  let b = await api.getBroadcast(id);
  try {
    for (;;) {
      // The bar starts once the fan-out knows how many recipients it reaches.
      if (b.recipients_total > 0 || b.status === 'completed') {
        if (!started) bar.start(Math.max(b.recipients_total, 1), b.notifications_created);
        else bar.update(b.notifications_created, Math.max(b.recipients_total, 1));
        started = true;
      }
      if (b.status === 'completed' || b.status === 'failed' || b.status === 'canceled') return b;
      if (ctx.io.signal?.aborted) throw new CliFailure(`stopped watching broadcast ${id} (it goes on): herald broadcast get ${id} --watch`);
      await sleep(intervalMs, { signal: ctx.io.signal }).catch(() => undefined); // Ctrl-C: checked above, after one more read
      b = await api.getBroadcast(id);
    }
  } finally {
    bar.stop();
  }
}

const sendOptions = (cmd: import('commander').Command) =>
  cmd
    .option('--payload <json|@file>', 'the in-app content: a JSON object, inline or @file')
    .option('--target <channel/topic/event>', 'what the notification is about, for example billing/none/invoice.paid')
    .option('--idempotency-key <key>', 'a repeat with the same key within 24 h creates nothing new')
    .option('--at <time>', 'send later: an RFC 3339 time (2030-01-31T09:00:00Z) or +<n>s|m|h|d from now; at most 90 days ahead, cancelable until then');

export const registerSend: Register = (program, act) => {
  sendOptions(program.command('send').description('Send a notification to one recipient (created if new), to many, or to a list'))
    .option('--to <recipient-id>', 'the recipient')
    .option('--to-many <ids|@file>', 'up to 1,000 recipients: comma-separated, or @file with one id per line (sent as one broadcast)')
    .option('--list <key>', "the subscribers of a list (sent as one broadcast)")
    .option('--exclude <ids|@file>', 'with --to-many or --list: recipients left out (up to 100), e.g. the one who acted')
    .option('--email-subject <subject>', 'email subject (with --email-html)')
    .option('--email-html <html|@file>', 'email body as HTML, inline or @file')
    .option('--email-text <text|@file>', 'plain-text body (default: derived from the HTML)')
    .option('--email-delay <seconds>', 'send the email this long after the in-app notification (0-604800)')
    .option('--email-unless <read|opened>', 'skip the delayed email if the in-app notification is read (or opened) by then; needs --payload')
    .option('--sms <text|@file>', "an SMS to each recipient's primary number (with --to-many or --list: capped by max_list_recipients_for_sms)")
    .option('--mobile-title <title>', 'a push to each of the recipient\'s devices (with --mobile-body)')
    .option('--mobile-body <text>', 'the mobile push text')
    .option('--mobile-badge <n|unread>', 'the app icon badge: a number, or unread (the in-app unread count)')
    .option('--mobile-data <json>', 'key-value data for the app: a JSON object of strings')
    .addHelpText(
      'after',
      examples([
        `herald send --to alice --payload '{"title":"Hello"}'`,
        `herald send --to alice --target deploys/production/finished --mobile-title "Deploy finished" --mobile-body "v42 is live" --mobile-badge unread`,
        `herald send --to-many alice,bob,carol --exclude bob --target issues/comments/comment.created --payload '{"title":"New comment"}'`,
        `herald send --list on-call --target deploys/production/failed --payload '{"title":"Deploy failed"}' --sms "Deploy 42 failed"`,
        `herald send --to alice --payload '{"title":"Trial ends"}' --at 2030-01-31T09:00:00Z`,
        `herald send --to alice --payload '{"title":"Invoice"}' --email-subject Invoice --email-html @invoice.html --email-delay 3600 --email-unless read`,
        'herald send --to alice --target billing/none/invoice.paid --payload @payload.json --email-subject "Your invoice" --email-html @invoice.html',
      ]),
    )
    .action(
      act(async (ctx, opts: SendOpts) => {
        const body = sendBody(audienceOf(opts), opts);
        const res = await ctx.projectApi().send(body, opts.idempotencyKey);
        if (res.broadcast) {
          const b = res.broadcast;
          const failed = (res.failed ?? []).map((f) => `Left out (not a valid recipient id): ${JSON.stringify(f.id)}\n`).join('');
          ctx.out.result(res, () => `Broadcast ${b.id} to ${b.audience?.list !== undefined ? `list ${b.audience.list}` : `${b.audience?.recipient_ids ?? 0} recipients`}: ${b.status}\n${failed}Follow it: herald broadcast get ${b.id} --watch\n`);
          return;
        }
        const n = res.notification!;
        const when = n.status === 'scheduled' && n.send_at ? ` for ${n.send_at}\nCancel it: herald notifications cancel ${n.id}` : '';
        ctx.out.result(res, () => `Notification ${n.id} for ${n.recipient_id}: ${n.status}${when}\nFollow it: herald notifications get ${n.id}\n`);
      }),
    );

  const broadcast = program.command('broadcast').alias('broadcasts').description('Send to every recipient of the project, follow a broadcast, list them');
  sendOptions(broadcast.command('send').description('Broadcast a notification to all recipients'))
    .option('--email-subject <subject>', 'email subject (only when the project allows broadcast email)')
    .option('--email-html <html|@file>', 'email body as HTML, inline or @file')
    .option('--email-text <text|@file>', 'plain-text body')
    .option('--watch', 'show a live progress bar until the broadcast completes')
    .option('--interval <ms>', 'how often --watch reads the broadcast', '500')
    .addHelpText('after', examples([`herald broadcast send --target product/none/release --payload '{"title":"v2 is out"}' --watch`, 'herald broadcast send --target news/weekly/digest --payload @digest.json --json']))
    .action(
      act(async (ctx, opts: SendOpts & { watch?: boolean; interval: string }) => {
        if (!opts.target) throw new UsageError('a broadcast needs --target channel/topic/event');
        if (opts.payload === undefined) throw new UsageError('a broadcast needs --payload');
        const api = ctx.projectApi();
        const res = await api.send(sendBody({ recipient_id: null }, opts), opts.idempotencyKey);
        const b = res.broadcast!;
        if (!opts.watch || b.status === 'scheduled') {
          const when = b.status === 'scheduled' && b.send_at ? ` for ${b.send_at}\nCancel it: herald broadcast cancel ${b.id}` : '';
          ctx.out.result(res, () => `Broadcast ${b.id}: ${b.status}${when}\nFollow it: herald broadcast get ${b.id} --watch\n`);
          return;
        }
        if (!ctx.out.json) ctx.out.note(`Broadcast ${b.id} created; watching (Ctrl-C stops watching, not the broadcast)`);
        const done = await watchBroadcast(ctx, api, b.id, positiveInt(opts.interval, '--interval'));
        ctx.out.result(done, () => broadcastFields(done));
        if (done.status === 'failed') throw new CliFailure(`broadcast ${b.id} failed`);
      }),
    );

  broadcast
    .command('get')
    .description('Show a broadcast’s progress')
    .argument('<id>', 'broadcast id')
    .option('--watch', 'follow it with a progress bar until it completes')
    .option('--interval <ms>', 'how often --watch reads the broadcast', '500')
    .addHelpText('after', examples(['herald broadcast get 12', 'herald broadcast get 12 --watch']))
    .action(
      act(async (ctx, id: string, opts: { watch?: boolean; interval: string }) => {
        const api = ctx.projectApi();
        const bid = positiveInt(id, 'broadcast id');
        const b = opts.watch ? await watchBroadcast(ctx, api, bid, positiveInt(opts.interval, '--interval')) : await api.getBroadcast(bid);
        ctx.out.result(b, () => broadcastFields(b));
      }),
    );

  broadcast
    .command('cancel')
    .description('Cancel a scheduled broadcast (before its time)')
    .argument('<id>', 'broadcast id')
    .addHelpText('after', examples(['herald broadcast cancel 12']))
    .action(
      act(async (ctx, id: string) => {
        const b = await ctx.projectApi().cancelBroadcast(positiveInt(id, 'broadcast id'));
        ctx.out.result(b, () => `Broadcast ${b.id}: ${b.status}\n`);
      }),
    );

  addBroadcastList(broadcast, act);
};
