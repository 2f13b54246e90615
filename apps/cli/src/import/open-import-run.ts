import fs from 'node:fs';
import { FailedRowsFile } from './failed-rows';
import { loadState, StateWriter, type BatchRecord, type StateHeader } from './import-state';
import type { BadRow, ImportFormat } from './parse-rows';

export interface ImportRun {
  /** Batches an earlier run confirmed (empty unless resuming). */
  confirmed: Map<number, BatchRecord>;
  state: StateWriter;
  failedFile: FailedRowsFile;
}

/**
 * Starts (or, with `resume`, continues) an import's state and failed-rows files: a fresh run
 * writes a new state header and a failed-rows file holding the unreadable rows; a resumed one
 * appends to both.
 */
export function openImportRun(opts: {
  header: StateHeader;
  resume: boolean;
  statePath: string;
  failedPath: string;
  format: ImportFormat;
  bad: BadRow[];
  onNote?: (text: string) => void;
}): ImportRun {
  const previous = opts.resume ? loadState(opts.statePath, opts.header) : undefined;
  if (opts.resume && !previous) opts.onNote?.(`no earlier import of ${opts.header.file} recorded in ${opts.statePath}: importing every row`);
  const state = new StateWriter(opts.statePath);
  state.start(opts.header, previous !== undefined);
  if (!previous) fs.rmSync(opts.failedPath, { force: true });
  const failedFile = new FailedRowsFile(opts.failedPath, opts.format, previous !== undefined);
  if (!previous) failedFile.write(opts.bad.map((b) => ({ line: b.line, raw: b.raw, error: b.error })));
  return { confirmed: previous?.confirmed ?? new Map(), state, failedFile };
}
