import type { HeraldApi, Stats, StatsQuery } from '../api';
import type { Context } from '../context';
import { examples, type Register } from './register';

interface StatsOpts {
  interval: string;
  from?: string;
  to?: string;
}

const OUTCOMES = ['delivered', 'suppressed', 'quota', 'failed', 'bounced'] as const;
const percent = (rate: number | null) => (rate === null ? '-' : `${(rate * 100).toFixed(1)}%`);

/** The range's totals as a table (one line per medium that sent anything), then the rates and the due timers. */
function statsText(s: Stats): string {
  const rows = Object.entries(s.totals).filter(([, c]) => OUTCOMES.some((o) => c[o] > 0));
  const table = [['medium', ...OUTCOMES], ...rows.map(([medium, c]) => [medium, ...OUTCOMES.map((o) => String(c[o]))])];
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  const lines = rows.length === 0 ? ['no sends counted'] : table.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  return [
    `${s.from} to ${s.to}, by ${s.interval}`,
    ...lines,
    `email bounce rate ${percent(s.rates.email_bounce)}, email failure rate ${percent(s.rates.email_failure)}, webhook failure rate ${percent(s.rates.webhook_failure)}`,
    `due timers ${s.due_timers}`,
  ].join('\n') + '\n';
}

/** Prints what was sent over a range (default: the last hour by minute). */
async function stats(ctx: Context, api: HeraldApi, opts: StatsOpts): Promise<void> {
  const s = await api.getStats({ interval: opts.interval as StatsQuery['interval'], from: opts.from, to: opts.to });
  ctx.io.stdout.write(ctx.out.json ? `${JSON.stringify(s)}\n` : statsText(s));
}

export const registerStats: Register = (program, act) => {
  program
    .command('stats')
    .description('What was sent per medium and outcome, the email and webhook failure rates and the due timers (default: the last hour)')
    .option('--interval <interval>', 'minute, hour or day', 'minute')
    .option('--from <time>', 'start of the range (RFC 3339; default: 60 intervals before --to)')
    .option('--to <time>', 'end of the range (RFC 3339; default: now)')
    .addHelpText('after', examples(['herald stats', 'herald stats --interval hour --from 2026-03-01T00:00:00Z', 'herald stats --json | jq .totals.email']))
    .action(act(async (ctx, opts: StatsOpts) => stats(ctx, ctx.projectApi(), opts)));
};
