import type { Command } from 'commander';
import type { Broadcast } from '../api';
import { positiveInt } from '../context';
import { table } from '../output/output';
import { collectPages } from './collect-pages';
import { examples, type Act } from './register';

/** The API's largest page of broadcasts. */
const BROADCASTS_PER_CALL = 100;

const audienceText = (b: Broadcast) => (b.audience?.list ? `list ${b.audience.list}` : b.audience?.recipient_ids !== undefined ? `${b.audience.recipient_ids} ids` : 'everyone');

const broadcastTable = (rows: Broadcast[]) =>
  table(rows, [
    { header: 'id', value: (b) => b.id },
    { header: 'created_at', value: (b) => b.created_at },
    { header: 'status', value: (b) => b.status },
    { header: 'created', value: (b) => `${b.notifications_created}/${b.recipients_total}` },
    { header: 'audience', value: audienceText },
    { header: 'target', value: (b) => `${b.target.channel}/${b.target.topic}/${b.target.event}` },
  ]);

/** `herald broadcast ls` (also `herald broadcasts ls`): the project's broadcasts and sends to many, newest first. */
export function addBroadcastList(broadcast: Command, act: Act): void {
  broadcast
    .command('ls')
    .description('List the broadcasts and sends to many, newest first, with their progress')
    .option('--limit <n>', 'at most this many (--all for every one)', '20')
    .option('--cursor <cursor>', 'continue from a next_cursor printed before')
    .option('--all', 'every broadcast, page after page')
    .addHelpText('after', examples(['herald broadcasts ls', 'herald broadcasts ls --limit 5 --json']))
    .action(
      act(async (ctx, opts: { limit: string; cursor?: string; all?: boolean }) => {
        const api = ctx.projectApi();
        const fetchPage = (q: { limit: number; cursor?: string }) => api.listBroadcasts({ ...q, limit: Math.min(q.limit, BROADCASTS_PER_CALL) });
        const { items: rows, next } = await collectPages(fetchPage, { limit: positiveInt(opts.limit, '--limit'), all: opts.all, cursor: opts.cursor });
        ctx.out.result({ broadcasts: rows, next_cursor: next }, () => broadcastTable(rows));
        if (next && !ctx.out.json) ctx.out.note(`more: herald broadcasts ls --cursor ${next}`);
      }),
    );
}
