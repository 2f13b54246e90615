import fs from 'node:fs';
import { UsageError } from '../errors';

/**
 * The record of an import that `--resume` reads: JSON lines appended as batches are confirmed, so
 * a run killed at any point leaves every confirmed batch on disk (a half-written last line is
 * ignored). The first line names the input (its SHA-256 and the batch size): a resume against a
 * changed file, or with another batch size, is refused rather than skipping the wrong rows.
 */
export interface StateHeader {
  v: 1;
  file: string;
  sha256: string;
  batch_size: number;
  rows: number;
}

export interface BatchRecord {
  batch: number;
  created: number;
  updated: number;
  failed: number;
}

export interface LoadedState {
  confirmed: Map<number, BatchRecord>;
}

/** The batch size an earlier run recorded in `path`, if there is one (a resume keeps it unless told otherwise). */
export function recordedBatchSize(path: string): number | undefined {
  try {
    const first = fs.readFileSync(path, 'utf8').split('\n', 1)[0];
    return (JSON.parse(first) as StateHeader).batch_size;
  } catch {
    return undefined;
  }
}

export function loadState(path: string, expect: StateHeader): LoadedState | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) return undefined;
  const header = JSON.parse(lines[0]) as StateHeader;
  if (header.sha256 !== expect.sha256) {
    throw new UsageError(`${expect.file} changed since the import recorded in ${path}: run without --resume to import it from the start`);
  }
  if (header.batch_size !== expect.batch_size) {
    throw new UsageError(`the import recorded in ${path} used --batch-size ${header.batch_size}: resume with that size`);
  }
  const confirmed = new Map<number, BatchRecord>();
  for (const line of lines.slice(1)) {
    try {
      const rec = JSON.parse(line) as BatchRecord;
      if (Number.isInteger(rec.batch)) confirmed.set(rec.batch, rec);
    } catch {
      // the last line of a run killed while writing it: that batch is simply not confirmed
    }
  }
  return { confirmed };
}

export class StateWriter {
  constructor(readonly path: string) {}

  start(header: StateHeader, keep: boolean): void {
    if (!keep) fs.writeFileSync(this.path, `${JSON.stringify(header)}\n`);
  }

  confirm(rec: BatchRecord): void {
    fs.appendFileSync(this.path, `${JSON.stringify(rec)}\n`);
  }

  remove(): void {
    fs.rmSync(this.path, { force: true });
  }
}
