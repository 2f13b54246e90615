import crypto from 'node:crypto';
import fs from 'node:fs';
import type { BatchItem, HeraldApi } from '../api';
import { ApiError } from '../errors';
import { retryable, runBatches, withRetries } from './batch-runner';
import type { FailedRow } from './failed-rows';
import type { StateHeader } from './import-state';
import { openImportRun } from './open-import-run';
import type { BadRow, ImportFormat, ImportRow } from './parse-rows';

export interface ImportOptions {
  file: string;
  format: ImportFormat;
  rows: ImportRow[];
  bad: BadRow[];
  /** Bytes of the input, for the state file's fingerprint. */
  content: string;
  batchSize: number;
  /** Batches in flight at once. */
  concurrency: number;
  /** Contact writes in flight at once within one batch. */
  contactConcurrency: number;
  statePath: string;
  failedPath: string;
  resume: boolean;
  signal?: AbortSignal;
  onProgress?: (rowsDone: number, rowsTotal: number) => void;
  onNote?: (text: string) => void;
  /** Attempts of one batch call that failed on the network or with a 5xx/429 before the import stops. */
  attempts?: number;
}

export interface ImportReport {
  rows: number;
  created: number;
  updated: number;
  failed: number;
  /** Rows of batches an earlier run confirmed (not sent again). */
  skipped: number;
  batches: number;
  failed_file: string | null;
  state_file: string | null;
  seconds: number;
  rows_per_second: number;
  /** False when the run stopped early (interrupted, or a batch kept failing); `--resume` continues it. */
  complete: boolean;
  stopped_by?: string;
}

/**
 * Imports parsed rows through `POST /recipients/batch`, `batchSize` at a time with `concurrency`
 * batches in flight, then sets each row's email as its primary contact. A batch counts as confirmed
 * (and is recorded in the state file) once its recipients and contacts are written; `--resume`
 * skips confirmed batches. Batch upserts are idempotent, so a batch that was written but not
 * confirmed before a crash is simply sent again (its rows then count as updated).
 */
export async function runImport(api: HeraldApi, opts: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const header: StateHeader = {
    v: 1,
    file: opts.file,
    sha256: crypto.createHash('sha256').update(opts.content).digest('hex'),
    batch_size: opts.batchSize,
    rows: opts.rows.length,
  };
  const { confirmed, state, failedFile } = openImportRun({ ...opts, header });

  const batches = Math.ceil(opts.rows.length / opts.batchSize);
  const totals = { created: 0, updated: 0, failed: opts.bad.length, skipped: 0 };
  for (const rec of confirmed.values()) {
    totals.created += rec.created;
    totals.updated += rec.updated;
    totals.failed += rec.failed;
    totals.skipped += Math.min(opts.batchSize, opts.rows.length - rec.batch * opts.batchSize);
  }
  let done = totals.skipped;
  opts.onProgress?.(done, opts.rows.length);

  const attempts = opts.attempts ?? 5;

  const runBatch = async (index: number) => {
    const rows = opts.rows.slice(index * opts.batchSize, (index + 1) * opts.batchSize);
    const items: BatchItem[] = rows.map((r) => (r.name === undefined ? { id: r.id } : { id: r.id, name: r.name }));
    const result = await withRetries(() => api.batchRecipients(items), attempts, opts.signal);
    const failed: FailedRow[] = [];
    const failedIndex = new Set<number>();
    for (const f of result.failed) {
      const row = rows[f.batch_index];
      if (!row) continue;
      failedIndex.add(f.batch_index);
      const why = f.errors.map((e) => `${e.property_path || '(item)'}: ${e.message}`).join('; ') || 'refused';
      failed.push({ line: row.line, id: row.id, name: row.name, email: row.email, error: why });
    }
    const createdIds = new Set(result.created.map((c) => c.id));
    const withEmail = rows.map((row, i) => ({ row, i })).filter(({ row, i }) => row.email !== undefined && !failedIndex.has(i));
    await pool(withEmail, opts.contactConcurrency, async ({ row, i }) => {
      try {
        await withRetries(() => api.setPrimaryEmail(row.id, row.email as string), attempts, opts.signal);
      } catch (err) {
        if (retryable(err)) throw err;
        failedIndex.add(i);
        const msg = err instanceof ApiError ? err.line() : (err as Error).message;
        failed.push({ line: row.line, id: row.id, name: row.name, email: row.email, error: `recipient saved, email not set: ${msg}` });
      }
    });
    // A repeated id in one batch is created once, then updated: count by row.
    let created = 0;
    let updated = 0;
    rows.forEach((row, i) => {
      if (failedIndex.has(i)) return;
      if (createdIds.delete(row.id)) created += 1;
      else updated += 1;
    });
    failed.sort((a, b) => a.line - b.line);
    failedFile.write(failed);
    state.confirm({ batch: index, created, updated, failed: failed.length });
    totals.created += created;
    totals.updated += updated;
    totals.failed += failed.length;
    done += rows.length;
    opts.onProgress?.(done, opts.rows.length);
  };

  const stoppedBy = await runBatches(batches, { concurrency: opts.concurrency, confirmed: (i) => confirmed.has(i), signal: opts.signal, run: runBatch });

  const complete = !stoppedBy;
  if (complete) state.remove();
  const seconds = (Date.now() - started) / 1000;
  const sent = done - totals.skipped;
  return {
    rows: opts.rows.length + opts.bad.length,
    created: totals.created,
    updated: totals.updated,
    failed: totals.failed,
    skipped: totals.skipped,
    batches,
    failed_file: fs.existsSync(opts.failedPath) ? opts.failedPath : null,
    state_file: complete ? null : opts.statePath,
    seconds: Math.round(seconds * 100) / 100,
    rows_per_second: seconds > 0 ? Math.round(sent / seconds) : 0,
    complete,
    ...(stoppedBy ? { stopped_by: stoppedBy } : {}),
  };
}

async function pool<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}
