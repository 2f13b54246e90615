import { sleep } from '@herald/timing';
import type { ActivityQuery, HeraldApi, Notification } from '../api';
import { positiveInt, type Context } from '../context';
import { outcomeText } from './notifications';
import { examples, type Register } from './register';

interface ActivityOpts {
  recipient?: string;
  channel?: string;
  topic?: string;
  event?: string;
  status?: string;
  medium?: ActivityQuery['medium'];
  outcome?: string;
  broadcast?: string;
  since?: string;
  until?: string;
  limit: string;
  follow?: boolean;
  interval: string;
  max?: string;
}

const targetText = (n: Notification) => (n.target ? `${n.target.channel}/${n.target.topic}/${n.target.event}` : '-');

/** One activity line: time, id, recipient, status, target, and each outbound medium it asked for. */
const activityLine = (n: Notification) => {
  const mediums = (['email', 'sms', 'push'] as const).filter((m) => n[m] && n[m].status !== 'not_requested').map((m) => `${m}: ${outcomeText(n[m])}`);
  return `${n.created_at}  #${n.id}  ${n.recipient_id}  ${n.status}  ${targetText(n)}${mediums.length ? `  ${mediums.join('  ')}` : ''}\n`;
};

const filtersOf = (o: ActivityOpts): ActivityQuery => ({
  recipient_id: o.recipient,
  channel: o.channel,
  topic: o.topic,
  event: o.event,
  status: o.status,
  medium: o.medium,
  outcome: o.outcome,
  broadcast_id: o.broadcast,
  since: o.since,
  until: o.until,
});

/** Whether the stream can follow these filters (status and the time range are matched on pages only). */
const streamable = (o: ActivityOpts) => o.status === undefined && o.since === undefined && o.until === undefined;

/**
 * Prints the newest matching notifications (oldest of them first); with `--follow`, new ones as they
 * come until Ctrl-C or `--max`: from the activity stream (each reconnection reads the newest page
 * again, for what came meanwhile), or by polling when the stream cannot follow the filters or does not open.
 */
async function activity(ctx: Context, api: HeraldApi, opts: ActivityOpts): Promise<void> {
  const print = (n: Notification) => ctx.io.stdout.write(ctx.out.json ? `${JSON.stringify(n)}\n` : activityLine(n));
  const filters = filtersOf(opts);
  const limit = Math.min(100, positiveInt(opts.limit, '--limit'));
  const first = await api.listActivity({ ...filters, limit });
  first.items.slice().reverse().forEach(print);
  if (!opts.follow) return;
  const max = opts.max === undefined ? Infinity : positiveInt(opts.max, '--max');
  const interval = positiveInt(opts.interval, '--interval');
  const seen = new Set(first.items.map((n) => n.id));
  const signal = ctx.io.signal;
  let fresh = 0;
  const take = (n: Notification) => {
    if (seen.has(n.id) || fresh >= max) return;
    seen.add(n.id);
    fresh += 1;
    print(n);
  };
  const readNewest = async () => (await api.listActivity({ ...filters, limit: 100 })).items.slice().reverse().forEach(take);

  if (streamable(opts) && api.followActivity) {
    let failure: Error | undefined;
    let wake: () => void = () => {};
    let connections = 0;
    const sub = await api.followActivity(filters, {
      notification: (n) => {
        take(n);
        if (fresh >= max) wake();
      },
      // After a reconnection: what came while the stream was down (the stream does not replay).
      connected: () => void (connections++ > 0 && readNewest().then(() => fresh >= max && wake(), () => undefined)),
      error: (err) => {
        failure = err;
        wake();
      },
    });
    if (sub) {
      ctx.out.note('following the activity live (Ctrl-C stops; after a reconnection, polling the activity once for what came meanwhile)');
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (fresh >= max) resolve();
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
      sub.close();
      if (failure && !signal?.aborted && fresh < max) throw failure;
      return;
    }
  }
  ctx.out.note(`polling the activity every ${interval} ms (Ctrl-C stops)`);
  while (!signal?.aborted && fresh < max) {
    await sleep(interval, { signal }).catch(() => undefined); // Ctrl-C: checked below
    if (signal?.aborted) break;
    await readNewest();
  }
}

export const registerActivity: Register = (program, act) => {
  program
    .command('activity')
    .description('The project’s notifications, newest last; filters are those the API has an index for')
    .option('--recipient <id>', 'only this recipient (alone, or with --status)')
    .option('--channel <channel>', 'only this channel (with --topic, --event: narrower)')
    .option('--topic <topic>', 'only this topic (with --channel)')
    .option('--event <event>', 'only this event (with --channel and --topic)')
    .option('--status <status>', 'only this status: delivered, suppressed, failed…')
    .option('--medium <medium>', 'with --outcome: email, sms or web_push')
    .option('--outcome <outcome>', 'with --medium: sent, skipped, failed…')
    .option('--broadcast <id>', 'only this broadcast’s notifications')
    .option('--since <time>', 'created at or after (RFC 3339)')
    .option('--until <time>', 'created before (RFC 3339)')
    .option('--limit <n>', 'how many to print first (at most 100)', '20')
    .option('--follow', 'then print new ones as they happen (the activity stream; polls with --status, --since or --until)')
    .option('--interval <ms>', 'how often --follow polls, when it polls', '2000')
    .option('--max <n>', 'with --follow: stop after this many new ones')
    .addHelpText('after', examples(['herald activity --status failed', 'herald activity --medium email --outcome skipped --follow', 'herald activity --recipient alice --json | jq .id']))
    .action(act(async (ctx, opts: ActivityOpts) => activity(ctx, ctx.projectApi(), opts)));
};
