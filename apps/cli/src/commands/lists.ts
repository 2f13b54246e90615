import path from 'node:path';
import type { List, SubscriptionResult } from '../api';
import { positiveInt, type Context } from '../context';
import { CliFailure, UsageError } from '../errors';
import { recordedBatchSize } from '../import/import-state';
import { defaultFailedPath, readImportFile } from '../import/read-import-file';
import { runListImport, type ListImportReport } from '../import/run-list-import';
import { table } from '../output/output';
import { progressBar } from '../progress';
import { collectPages } from './collect-pages';
import { examples, type Register } from './register';

const n = (x: number) => x.toLocaleString('en-US');
const IDS_PER_CALL = 1000;

const listTable = (rows: List[]) =>
  table(rows, [
    { header: 'key', value: (l) => l.key },
    { header: 'name', value: (l) => l.name },
    { header: 'subscribers', value: (l) => l.subscriber_count },
    { header: 'self_service', value: (l) => l.self_service },
  ]);

function importSummary(file: string, r: ListImportReport): string {
  const lines = [
    `${r.complete ? 'Imported' : 'Stopped importing'} ${file} into ${r.list}: ${n(r.subscribed)} subscribed, ${n(r.already)} already, ${n(r.failed)} failed` +
      ` (${n(r.rows)} rows${r.skipped ? `, ${n(r.skipped)} confirmed by an earlier run` : ''}; ${r.seconds} s, ${n(r.rows_per_second)} rows/s)`,
  ];
  if (r.failed_file) lines.push(`Failed rows written to ${r.failed_file}`);
  if (!r.complete) lines.push(`Stopped: ${r.stopped_by}. Run the same command with --resume to continue (state in ${r.state_file}).`);
  return `${lines.join('\n')}\n`;
}

/** Subscribes or unsubscribes ids given on the command line, 1,000 per call. */
async function changeSubscriptions(ctx: Context, ids: string[], call: (chunk: string[]) => Promise<SubscriptionResult>): Promise<SubscriptionResult> {
  const total: SubscriptionResult = { changed: 0, already: 0, failed: [] };
  for (let i = 0; i < ids.length; i += IDS_PER_CALL) {
    const r = await call(ids.slice(i, i + IDS_PER_CALL));
    total.changed += r.changed;
    total.already += r.already;
    total.failed.push(...r.failed.map((f) => ({ ...f, batch_index: f.batch_index + i })));
  }
  if (total.failed.length > 0) ctx.out.note(total.failed.map((f) => `refused ${JSON.stringify(f.id)}: ${f.errors.map((e) => e.message).join('; ')}`).join('\n'));
  return total;
}

interface ImportOpts {
  format?: string;
  batchSize?: string;
  concurrency: string;
  resume?: boolean;
  failedFile?: string;
  stateFile?: string;
}

export const registerLists: Register = (program, act) => {
  const lists = program.command('lists').description('Create lists and manage their subscribers (project key)');

  lists
    .command('create')
    .description('Create a list')
    .argument('<key>', '1–128 characters of A-Z, a-z, 0-9, ".", "_", ":" and "-"')
    .requiredOption('--name <name>', 'display name')
    .option('--description <text>', 'what the list is for')
    .option('--self-service', 'recipients may subscribe and unsubscribe themselves with their token')
    .addHelpText('after', examples(['herald lists create product-updates --name "Product updates" --self-service']))
    .action(
      act(async (ctx, key: string, opts: { name: string; description?: string; selfService?: boolean }) => {
        const body = { key, name: opts.name, self_service: opts.selfService === true, ...(opts.description === undefined ? {} : { description: opts.description }) };
        const l = await ctx.projectApi().createList(body);
        ctx.out.result(l, () => `List ${l.key} created.\n`);
      }),
    );

  lists
    .command('ls')
    .description('List the lists, in key order')
    .option('--limit <n>', 'at most this many (up to 1000 per page; --all for every one)', '50')
    .option('--cursor <cursor>', 'continue from a next_cursor printed before')
    .option('--all', 'every list, page after page')
    .addHelpText('after', examples(['herald lists ls', 'herald lists ls --all --json > lists.json']))
    .action(
      act(async (ctx, opts: { limit: string; cursor?: string; all?: boolean }) => {
        const api = ctx.projectApi();
        const { items: rows, next } = await collectPages((q) => api.listLists(q), { limit: positiveInt(opts.limit, '--limit'), all: opts.all, cursor: opts.cursor });
        ctx.out.result({ lists: rows, next_cursor: next }, () => listTable(rows));
        if (next && !ctx.out.json) ctx.out.note(`more: herald lists ls --cursor ${next}`);
      }),
    );

  lists
    .command('subscribe')
    .description('Subscribe recipients to a list (unknown recipients are created)')
    .argument('<key>', 'list key')
    .argument('<ids...>', 'recipient ids')
    .addHelpText('after', examples(['herald lists subscribe product-updates alice bob']))
    .action(
      act(async (ctx, key: string, ids: string[]) => {
        const api = ctx.projectApi();
        const r = await changeSubscriptions(ctx, ids, (chunk) => api.subscribeToList(key, chunk));
        ctx.out.result(r, () => `${n(r.changed)} subscribed to ${key}, ${n(r.already)} already, ${n(r.failed.length)} refused.\n`);
        if (r.failed.length > 0) throw new CliFailure('some ids were refused');
      }),
    );

  lists
    .command('unsubscribe')
    .description('Unsubscribe recipients from a list')
    .argument('<key>', 'list key')
    .argument('<ids...>', 'recipient ids')
    .addHelpText('after', examples(['herald lists unsubscribe product-updates alice']))
    .action(
      act(async (ctx, key: string, ids: string[]) => {
        const api = ctx.projectApi();
        const r = await changeSubscriptions(ctx, ids, (chunk) => api.unsubscribeFromList(key, chunk));
        ctx.out.result(r, () => `${n(r.changed)} unsubscribed from ${key}, ${n(r.already)} were not subscribed, ${n(r.failed.length)} refused.\n`);
        if (r.failed.length > 0) throw new CliFailure('some ids were refused');
      }),
    );

  lists
    .command('import')
    .description('Subscribe the recipients of a CSV (header row, an id column) or JSON lines file to a list')
    .argument('<key>', 'list key')
    .argument('<file>', 'a .csv or .jsonl/.ndjson file')
    .option('--format <format>', 'csv or jsonl (default: from the file name)')
    .option('--batch-size <n>', 'ids per call, at most 1000 (default 1000, or the size of the run being resumed)')
    .option('--concurrency <n>', 'calls in flight at once', '4')
    .option('--resume', 'skip the batches an earlier, unfinished run of this file into this list confirmed')
    .option('--failed-file <path>', 'where rows that failed are written (default: <file>.failed.<ext>)')
    .option('--state-file <path>', 'where confirmed batches are recorded (default: <file>.<key>.list-import-state)')
    .addHelpText(
      'after',
      `\nIds are sent ${'1,000'} at a time through PUT /lists/{key}/subscriptions; unknown recipients are created, ids already
subscribed count as already. Other columns are ignored. Rows that fail are listed with their line number in the
failed-rows file. Ctrl-C stops after the calls in flight; --resume continues.
${examples(['herald lists import product-updates users.csv', 'herald lists import product-updates users.csv --resume'])}`,
    )
    .action(
      act(async (ctx, key: string, file: string, opts: ImportOpts) => {
        const statePath = opts.stateFile ?? `${file}.${key}.list-import-state`;
        const batchSize = opts.batchSize !== undefined ? positiveInt(opts.batchSize, '--batch-size') : ((opts.resume && recordedBatchSize(statePath)) || 1000);
        if (batchSize > IDS_PER_CALL) throw new UsageError('--batch-size is at most 1000 (the subscriptions endpoint’s limit)');
        const { format, content, parsed } = readImportFile(file, opts.format);
        const bar = progressBar(ctx.io, { enabled: ctx.progress, unit: 'rows' });
        let started = false;
        const report = await runListImport(ctx.projectApi(), {
          key,
          file: path.resolve(file),
          format,
          rows: parsed.rows,
          bad: parsed.bad,
          content,
          batchSize,
          concurrency: positiveInt(opts.concurrency, '--concurrency'),
          resume: opts.resume === true,
          failedPath: opts.failedFile ?? defaultFailedPath(file, format),
          statePath,
          signal: ctx.io.signal,
          onNote: (t) => ctx.out.note(t),
          onProgress: (done, total) => {
            if (!started) bar.start(total, done);
            else bar.update(done);
            started = true;
          },
        });
        bar.stop();
        ctx.out.result(report, () => '');
        ctx.io[ctx.out.json ? 'stderr' : 'stdout'].write(importSummary(file, report));
        if (!report.complete) throw new CliFailure('the import stopped before the end');
      }),
    );
};
