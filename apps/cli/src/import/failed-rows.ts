import fs from 'node:fs';
import { csvField, type ImportFormat } from './parse-rows';

/** A row that was not imported, with why. `id` is absent when the row could not be read at all. */
export interface FailedRow {
  line: number;
  id?: string;
  name?: string | null;
  email?: string;
  raw?: string;
  error: string;
}

/**
 * The failed-rows file, in the input's format so that it can be fixed and imported again: CSV with
 * `id,name,email` (plus `line,error`, which an import ignores), or JSON lines.
 */
export class FailedRowsFile {
  private opened = false;
  count = 0;

  constructor(
    readonly path: string,
    private readonly format: ImportFormat,
    private readonly append: boolean,
  ) {}

  write(rows: readonly FailedRow[]): void {
    if (rows.length === 0) return;
    if (!this.opened) {
      const exists = this.append && fs.existsSync(this.path) && fs.statSync(this.path).size > 0;
      if (!exists) fs.writeFileSync(this.path, this.format === 'csv' ? 'id,name,email,line,error\n' : '');
      this.opened = true;
    }
    const text = rows
      .map((r) =>
        this.format === 'csv'
          ? [r.id ?? '', r.name ?? '', r.email ?? '', r.line, r.raw !== undefined ? `${r.error}: ${r.raw}` : r.error].map(csvField).join(',')
          : JSON.stringify(r),
      )
      .join('\n');
    fs.appendFileSync(this.path, `${text}\n`);
    this.count += rows.length;
  }
}
