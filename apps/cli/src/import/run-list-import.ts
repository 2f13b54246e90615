import crypto from 'node:crypto';
import fs from 'node:fs';
import type { HeraldApi } from '../api';
import { runBatches, withRetries } from './batch-runner';
import type { FailedRow } from './failed-rows';
import { openImportRun } from './open-import-run';
import type { BadRow, ImportFormat, ImportRow } from './parse-rows';

export interface ListImportOptions {
  key: string;
  file: string;
  format: ImportFormat;
  rows: ImportRow[];
  bad: BadRow[];
  /** Bytes of the input, for the state file's fingerprint (with the list key: a resume into another list starts over). */
  content: string;
  batchSize: number;
  concurrency: number;
  statePath: string;
  failedPath: string;
  resume: boolean;
  signal?: AbortSignal;
  onProgress?: (rowsDone: number, rowsTotal: number) => void;
  onNote?: (text: string) => void;
  attempts?: number;
}

export interface ListImportReport {
  list: string;
  rows: number;
  subscribed: number;
  already: number;
  failed: number;
  skipped: number;
  batches: number;
  failed_file: string | null;
  state_file: string | null;
  seconds: number;
  rows_per_second: number;
  complete: boolean;
  stopped_by?: string;
}

/**
 * Subscribes the ids of parsed rows to a list through `PUT /lists/{key}/subscriptions`, `batchSize`
 * at a time with `concurrency` batches in flight, recording each confirmed batch in the state file
 * (its `created` is what the batch subscribed, `updated` what was already subscribed) so that
 * `--resume` skips it. Subscribing is idempotent: a batch sent again counts as already subscribed.
 */
export async function runListImport(api: HeraldApi, opts: ListImportOptions): Promise<ListImportReport> {
  const started = Date.now();
  const sha256 = crypto.createHash('sha256').update(`${opts.key}\n`).update(opts.content).digest('hex');
  const header = { v: 1 as const, file: opts.file, sha256, batch_size: opts.batchSize, rows: opts.rows.length };
  const { confirmed, state, failedFile } = openImportRun({ ...opts, header });

  const batches = Math.ceil(opts.rows.length / opts.batchSize);
  const totals = { subscribed: 0, already: 0, failed: opts.bad.length, skipped: 0 };
  for (const rec of confirmed.values()) {
    totals.subscribed += rec.created;
    totals.already += rec.updated;
    totals.failed += rec.failed;
    totals.skipped += Math.min(opts.batchSize, opts.rows.length - rec.batch * opts.batchSize);
  }
  let done = totals.skipped;
  opts.onProgress?.(done, opts.rows.length);

  const runBatch = async (index: number) => {
    const rows = opts.rows.slice(index * opts.batchSize, (index + 1) * opts.batchSize);
    const result = await withRetries(() => api.subscribeToList(opts.key, rows.map((r) => r.id)), opts.attempts ?? 5, opts.signal);
    const failed: FailedRow[] = result.failed.flatMap((f) => {
      const row = rows[f.batch_index];
      const why = f.errors.map((e) => `${e.property_path || '(item)'}: ${e.message}`).join('; ') || 'refused';
      return row ? [{ line: row.line, id: row.id, name: row.name, email: row.email, error: why }] : [];
    });
    failedFile.write(failed);
    state.confirm({ batch: index, created: result.changed, updated: result.already, failed: failed.length });
    totals.subscribed += result.changed;
    totals.already += result.already;
    totals.failed += failed.length;
    done += rows.length;
    opts.onProgress?.(done, opts.rows.length);
  };
  const stoppedBy = await runBatches(batches, { concurrency: opts.concurrency, confirmed: (i) => confirmed.has(i), signal: opts.signal, run: runBatch });

  const complete = !stoppedBy;
  if (complete) state.remove();
  const seconds = (Date.now() - started) / 1000;
  return {
    list: opts.key,
    rows: opts.rows.length + opts.bad.length,
    ...totals,
    batches,
    failed_file: fs.existsSync(opts.failedPath) ? opts.failedPath : null,
    state_file: complete ? null : opts.statePath,
    seconds: Math.round(seconds * 100) / 100,
    rows_per_second: seconds > 0 ? Math.round((done - totals.skipped) / seconds) : 0,
    complete,
    ...(stoppedBy ? { stopped_by: stoppedBy } : {}),
  };
}
