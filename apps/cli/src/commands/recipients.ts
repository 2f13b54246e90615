import path from 'node:path';
import type { Recipient } from '../api';
import { positiveInt, type Context } from '../context';
import { CliFailure, UsageError } from '../errors';
import { defaultFailedPath, readImportFile } from '../import/read-import-file';
import { recordedBatchSize } from '../import/import-state';
import { runImport, type ImportReport } from '../import/run-import';
import { fields, table } from '../output/output';
import { progressBar } from '../progress';
import { collectPages } from './collect-pages';
import { examples, type Register } from './register';

/** Asks before a destructive step: `--yes` answers, a terminal asks, anything else is a usage error. */
export async function confirm(ctx: Context, question: string, yes: boolean | undefined): Promise<boolean> {
  if (yes) return true;
  if (!ctx.io.prompt) throw new UsageError(`${question} — pass --yes to confirm (there is no terminal to ask on)`);
  const answer = (await ctx.io.prompt(`${question} [y/N] `)).trim().toLowerCase();
  return answer === 'y' || answer === 'yes';
}

const n = (x: number) => x.toLocaleString('en-US');

function importSummary(file: string, r: ImportReport): string {
  const lines = [
    `${r.complete ? 'Imported' : 'Stopped importing'} ${file}: ${n(r.created)} created, ${n(r.updated)} updated, ${n(r.failed)} failed` +
      ` (${n(r.rows)} rows${r.skipped ? `, ${n(r.skipped)} confirmed by an earlier run` : ''}; ${r.seconds} s, ${n(r.rows_per_second)} rows/s)`,
  ];
  if (r.failed_file) lines.push(`Failed rows written to ${r.failed_file}`);
  if (!r.complete) lines.push(`Stopped: ${r.stopped_by}. Run the same command with --resume to continue (state in ${r.state_file}).`);
  return `${lines.join('\n')}\n`;
}

interface ImportOpts {
  format?: string;
  batchSize?: string;
  concurrency: string;
  contactConcurrency: string;
  resume?: boolean;
  failedFile?: string;
  stateFile?: string;
}

const recipientTable = (rows: Recipient[]) =>
  table(rows, [
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'created_at', value: (r) => r.created_at },
  ]);

export const registerRecipients: Register = (program, act) => {
  const recipients = program.command('recipients').description('Import, list, show and delete recipients (project key)');

  recipients
    .command('import')
    .description('Import recipients from CSV (header row) or JSON lines: id, name, email (set as the primary email)')
    .argument('<file>', 'a .csv or .jsonl/.ndjson file')
    .option('--format <format>', 'csv or jsonl (default: from the file name)')
    .option('--batch-size <n>', 'recipients per batch call, at most 1000 (default 1000, or the size of the run being resumed)')
    .option('--concurrency <n>', 'batches in flight at once', '4')
    .option('--contact-concurrency <n>', 'email contact writes in flight per batch', '16')
    .option('--resume', 'skip the batches an earlier, unfinished run of this file confirmed')
    .option('--failed-file <path>', 'where rows that failed are written (default: <file>.failed.<ext>)')
    .option('--state-file <path>', 'where confirmed batches are recorded (default: <file>.import-state)')
    .addHelpText(
      'after',
      `\nRows are sent ${'1,000'} at a time through POST /recipients/batch; existing ids are updated. A row's email becomes
its primary email contact. Rows that fail (unreadable, refused) are listed with their line number in the failed-rows
file, in the input's format, ready to fix and import again. Ctrl-C stops after the batches in flight; --resume continues.
Exit code 0 when every batch went through (failed rows included), 1 when the import stopped early.
${examples(['herald recipients import users.csv', 'herald recipients import users.jsonl --concurrency 8', 'herald recipients import users.csv --resume', 'herald recipients import users.csv --json > report.json'])}`,
    )
    .action(
      act(async (ctx, file: string, opts: ImportOpts) => {
        const statePath = opts.stateFile ?? `${file}.import-state`;
        const batchSize = opts.batchSize !== undefined ? positiveInt(opts.batchSize, '--batch-size') : ((opts.resume && recordedBatchSize(statePath)) || 1000);
        if (batchSize > 1000) throw new UsageError('--batch-size is at most 1000 (the batch endpoint’s limit)');
        const { format, content, parsed } = readImportFile(file, opts.format);
        const api = ctx.projectApi();
        const bar = progressBar(ctx.io, { enabled: ctx.progress, unit: 'rows' });
        let started = false;
        const report = await runImport(api, {
          file: path.resolve(file),
          format,
          rows: parsed.rows,
          bad: parsed.bad,
          content,
          batchSize,
          concurrency: positiveInt(opts.concurrency, '--concurrency'),
          contactConcurrency: positiveInt(opts.contactConcurrency, '--contact-concurrency'),
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

  recipients
    .command('create')
    .description('Create a recipient, optionally with a primary email')
    .argument('<id>', 'the id your application knows the recipient by')
    .option('--name <name>', 'display name')
    .option('--email <address>', 'primary email address')
    .addHelpText('after', examples(['herald recipients create alice --name Alice --email alice@example.com']))
    .action(
      act(async (ctx, id: string, opts: { name?: string; email?: string }) => {
        const api = ctx.projectApi();
        const r = await api.createRecipient(opts.name === undefined ? { id } : { id, name: opts.name });
        if (opts.email !== undefined) await api.setPrimaryEmail(id, opts.email);
        ctx.out.result({ ...r, email: opts.email ?? null }, () => `Recipient ${r.id} created${opts.email ? ` with primary email ${opts.email}` : ''}.\n`);
      }),
    );

  recipients
    .command('list')
    .description('List recipients, oldest first')
    .option('--limit <n>', 'at most this many (up to 1000 per page; --all for every one)', '50')
    .option('--cursor <cursor>', 'continue from a next_cursor printed before')
    .option('--all', 'every recipient, page after page')
    .addHelpText('after', examples(['herald recipients list --limit 20', 'herald recipients list --all --json > recipients.json']))
    .action(
      act(async (ctx, opts: { limit: string; cursor?: string; all?: boolean }) => {
        const api = ctx.projectApi();
        const { items: rows, next } = await collectPages((q) => api.listRecipients(q), { limit: positiveInt(opts.limit, '--limit'), all: opts.all, cursor: opts.cursor });
        ctx.out.result({ recipients: rows, next_cursor: next }, () => recipientTable(rows));
        if (next && !ctx.out.json) ctx.out.note(`more: herald recipients list --cursor ${next}`);
      }),
    );

  recipients
    .command('search')
    .description('Find recipients whose id, name or a contact address starts with the text (case as typed)')
    .argument('<text>', 'the start of an id, a name or an address')
    .option('--limit <n>', 'at most this many (up to 1000)', '50')
    .addHelpText('after', examples(['herald recipients search ali', 'herald recipients search alice@ --json']))
    .action(
      act(async (ctx, text: string, opts: { limit: string }) => {
        const rows = await ctx.projectApi().searchRecipients(text, positiveInt(opts.limit, '--limit'));
        ctx.out.result({ recipients: rows }, () => recipientTable(rows));
      }),
    );

  recipients
    .command('get')
    .description('Show one recipient')
    .argument('<id>', 'recipient id')
    .addHelpText('after', examples(['herald recipients get alice', 'herald recipients get alice --json']))
    .action(
      act(async (ctx, id: string) => {
        const r = await ctx.projectApi().getRecipient(id);
        ctx.out.result(r, () => fields(Object.entries(r)));
      }),
    );

  recipients
    .command('delete')
    .description('Erase a recipient everywhere: contacts, preferences, notifications')
    .argument('<id>', 'recipient id')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', examples(['herald recipients delete alice', 'herald recipients delete alice --yes']))
    .action(
      act(async (ctx, id: string, opts: { yes?: boolean }) => {
        if (!(await confirm(ctx, `Erase recipient "${id}" and all their data?`, opts.yes))) throw new UsageError('not confirmed: nothing deleted');
        await ctx.projectApi().deleteRecipient(id);
        ctx.out.result({ deleted: id }, () => `Recipient ${id} deleted.\n`);
      }),
    );
};
