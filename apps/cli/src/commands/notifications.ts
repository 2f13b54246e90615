import { sleep } from '@herald/timing';
import type { HeraldApi, Notification } from '../api';
import { positiveInt, type Context } from '../context';
import { fields } from '../output/output';
import { UsageError } from '../errors';
import { examples, type Register } from './register';
import { parseAt } from './send';
import { timelineLines } from './timeline-lines';

const targetText = (n: Notification) => (n.target ? `${n.target.channel}/${n.target.topic}/${n.target.event}` : '-');

/** One feed line: time, id, target, read flag, payload. */
const feedLine = (n: Notification) => `${n.created_at}  #${n.id}  ${targetText(n)}  ${n.read ? 'read  ' : 'unread'}  ${JSON.stringify(n.payload)}\n`;

interface TailOpts {
  channel?: string;
  topic?: string;
  event?: string;
  limit: string;
  interval: string;
  max?: string;
  poll?: boolean;
}

/**
 * Prints the newest notifications, then follows: over the live stream when the SDK and the server
 * have one, otherwise by polling the first feed page. Stops on Ctrl-C or after `--max` new ones.
 */
async function tail(ctx: Context, api: HeraldApi, recipientId: string, opts: TailOpts): Promise<void> {
  const print = (n: Notification) => ctx.io.stdout.write(ctx.out.json ? `${JSON.stringify(n)}\n` : feedLine(n));
  const max = opts.max === undefined ? Infinity : opts.max === '0' ? 0 : positiveInt(opts.max, '--max');
  const signal = ctx.io.signal;
  const limit = opts.limit === '0' ? 0 : Math.min(100, positiveInt(opts.limit, '--limit'));
  const tab = { channel: opts.channel, topic: opts.topic, event: opts.event };
  // The live stream carries every notification of the recipient: the tab is applied here too.
  const inTab = (n: Notification) => (!tab.channel || n.target?.channel === tab.channel) && (!tab.topic || n.target?.topic === tab.topic) && (!tab.event || n.target?.event === tab.event);
  const first = await api.listFeed(recipientId, { limit: Math.max(limit, 1), ...tab });
  first.items.slice(0, limit).reverse().forEach(print);
  const seen = new Set(first.items.map((n) => n.id));
  let newest = first.items.reduce((m, n) => Math.max(m, n.id), 0);
  let fresh = 0;
  const take = (n: Notification) => {
    if (seen.has(n.id) || fresh >= max || !inTab(n)) return;
    seen.add(n.id);
    newest = Math.max(newest, n.id);
    fresh += 1;
    print(n);
  };
  if (max === 0) return;

  if (!opts.poll && api.subscribeFeed) {
    let failure: Error | undefined;
    let wake: () => void = () => {};
    const sub = await api.subscribeFeed(recipientId, {
      notification: (n) => {
        take(n);
        if (fresh >= max) wake();
      },
      error: (err) => {
        failure = err;
        wake();
      },
    });
    if (sub) {
      if (!ctx.out.json) ctx.out.note(`following ${recipientId}'s feed live (Ctrl-C stops)`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
      sub.close();
      if (failure && !signal?.aborted && fresh < max) throw failure;
      return;
    }
  }
  if (!ctx.out.json) ctx.out.note(`polling ${recipientId}'s feed every ${opts.interval} ms (Ctrl-C stops)`);
  const interval = positiveInt(opts.interval, '--interval');
  while (!signal?.aborted && fresh < max) {
    await sleep(interval, { signal }).catch(() => undefined); // Ctrl-C: checked below
    if (signal?.aborted) break;
    const page = await api.listFeed(recipientId, { limit: 100, ...tab });
    page.items
      .filter((n) => n.id > newest || !seen.has(n.id))
      .reverse()
      .forEach(take);
  }
}

/** One medium's outcome on a line: `sent · delivered · +15550100`; empty when the send did not carry it. */
export function outcomeText(outcome: Record<string, unknown> | null | undefined): string {
  if (!outcome) return '';
  return [outcome.status, outcome.reason, outcome.address, outcome.error].filter((v) => v !== null && v !== undefined).join(' · ');
}

export const registerNotifications: Register = (program, act) => {
  const notifications = program.command('notifications').description('Read and cancel notifications (project key)');
  notifications
    .command('get')
    .description('Show a notification, its status and the outcome of each medium (email, SMS, push)')
    .argument('<id>', 'notification id')
    .addHelpText('after', examples(['herald notifications get 42', 'herald notifications get 42 --json | jq .email.status']))
    .action(
      act(async (ctx, id: string) => {
        const n = await ctx.projectApi().getNotification(positiveInt(id, 'notification id'));
        ctx.out.result(n, () =>
          fields([
            ['id', n.id],
            ['recipient_id', n.recipient_id],
            ['status', n.status],
            ['target', targetText(n)],
            ['broadcast_id', n.broadcast_id ?? ''],
            ['read', n.read],
            ['opened', n.opened],
            ['payload', n.payload],
            ['email', outcomeText(n.email)],
            ['sms', outcomeText(n.sms)],
            ['push', outcomeText(n.push)],
            ['send_at', n.send_at ?? ''],
            ['snoozed_until', n.snoozed_until ?? ''],
            ['created_at', n.created_at],
            ['updated_at', n.updated_at],
          ]),
        );
      }),
    );

  notifications
    .command('timeline')
    .description('Show a notification’s steps in time order: accepted, decided, each medium’s send, escalation, digest, each webhook attempt')
    .argument('<id>', 'notification id')
    .addHelpText('after', examples(['herald notifications timeline 42', 'herald notifications timeline 42 --json | jq \'.steps[] | select(.kind == "webhook")\'']))
    .action(
      act(async (ctx, id: string) => {
        const t = await ctx.projectApi().getTimeline(positiveInt(id, 'notification id'));
        ctx.out.result(t, () => timelineLines(t.steps));
      }),
    );

  notifications
    .command('cancel')
    .description('Cancel a scheduled notification (sent with --at) before its time')
    .argument('<id>', 'notification id')
    .addHelpText('after', examples(['herald notifications cancel 42']))
    .action(
      act(async (ctx, id: string) => {
        const n = await ctx.projectApi().cancelNotification(positiveInt(id, 'notification id'));
        ctx.out.result(n, () => `Notification ${n.id} for ${n.recipient_id}: ${n.status}\n`);
      }),
    );

  notifications
    .command('snooze')
    .description('Snooze a recipient’s notification: out of the feed and the counts until then, then back as new')
    .argument('<recipient-id>', 'the recipient')
    .argument('<id>', 'notification id')
    .option('--until <time>', 'an RFC 3339 time (2030-01-31T09:00:00Z) or +<n>s|m|h|d from now; at most 90 days ahead')
    .option('--clear', 'end the snooze now (back in the feed)')
    .addHelpText('after', examples(['herald notifications snooze alice 42 --until +1h', 'herald notifications snooze alice 42 --clear']))
    .action(
      act(async (ctx, recipientId: string, id: string, opts: { until?: string; clear?: boolean }) => {
        if ((opts.until === undefined) === !opts.clear) throw new UsageError('give one of --until <time> or --clear');
        const until = opts.clear ? null : parseAt(opts.until!, new Date(), '--until');
        const n = await ctx.projectApi().snoozeNotification(recipientId, positiveInt(id, 'notification id'), until);
        ctx.out.result(n, () => (n.snoozed_until ? `Notification ${n.id} snoozed until ${n.snoozed_until}\n` : `Notification ${n.id} is back in ${recipientId}'s feed\n`));
      }),
    );

  const feed = program.command('feed').description('A recipient’s in-app feed');
  feed
    .command('tail')
    .description('Print a recipient’s newest notifications, then follow new ones as they arrive')
    .argument('<recipient-id>', 'the recipient')
    .option('--channel <channel>', 'only this channel (a tab)')
    .option('--topic <topic>', 'only this topic')
    .option('--event <event>', 'only this event')
    .option('--limit <n>', 'how many existing notifications to print first', '10')
    .option('--max <n>', 'stop after this many new notifications')
    .option('--poll', 'poll the feed even when the live stream is available')
    .option('--interval <ms>', 'how often to poll when there is no live stream', '2000')
    .addHelpText('after', examples(['herald feed tail alice', 'herald feed tail alice --json --max 1   # wait for the next one, as a JSON line']))
    .action(act(async (ctx, recipientId: string, opts: TailOpts) => tail(ctx, ctx.projectApi(), recipientId, opts)));
};
