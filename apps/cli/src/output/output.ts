import type { Io } from '../io';

export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
}

/** A value as a table cell: empty for null/undefined, JSON for objects, one line always. */
export function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return s.replace(/[\r\n\t]+/g, ' ');
}

/** A plain aligned table (like gh and kubectl): a header row, columns two spaces apart, no borders. */
export function table<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((r) => columns.map((c) => cell(c.value(r))));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((row) => row[i].length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header.toUpperCase())), ...cells.map(line)].join('\n') + '\n';
}

/** `key: value` lines for one object, keys aligned. */
export function fields(entries: readonly [string, unknown][]): string {
  const width = Math.max(...entries.map(([k]) => k.length));
  return entries.map(([k, v]) => `${`${k}:`.padEnd(width + 1)} ${cell(v)}`).join('\n') + '\n';
}

/** A secret shown as its prefix and last four characters (`nk_full_…3f0c`) unless asked for in full. */
export function secret(value: string | undefined | null, show: boolean): string {
  if (!value) return '';
  if (show) return value;
  const prefix = /^nk_[a-z]+_/.exec(value)?.[0] ?? '';
  return `${prefix}…${value.slice(-4)}`;
}

/** How a command prints its result: `--json` prints the data as JSON, otherwise a human rendering. */
export class Output {
  constructor(
    readonly io: Io,
    readonly json: boolean,
    readonly showSecret: boolean,
  ) {}

  result(data: unknown, human: () => string): void {
    this.io.stdout.write(this.json ? `${JSON.stringify(data, null, 2)}\n` : human());
  }

  /** Extra lines for people (hints, summaries): on stderr, never in the way of `--json` on stdout. */
  note(text: string): void {
    this.io.stderr.write(`${text}\n`);
  }

  secret(value: string | undefined | null): string {
    return secret(value, this.showSecret);
  }
}
