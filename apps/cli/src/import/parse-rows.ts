/**
 * Parsing of `herald recipients import` files: CSV with a header row (RFC 4180: quoted fields,
 * doubled quotes, CRLF or LF, newlines inside quotes) or JSON lines. Columns/fields: `id`
 * (required), `name`, `email`; other columns are ignored. A byte-order mark is dropped, empty
 * lines are skipped, and a row that cannot be read is reported with its line number (1-based,
 * the line the row starts on) instead of stopping the import.
 */
export type ImportFormat = 'csv' | 'jsonl';

export interface ImportRow {
  /** Line of the file the row starts on (1-based). */
  line: number;
  id: string;
  /** Absent: leave the stored name as it is; null: clear it. */
  name?: string | null;
  email?: string;
}

export interface BadRow {
  line: number;
  /** The row's text as it appears in the file (without its line break). */
  raw: string;
  error: string;
}

export interface ParsedFile {
  rows: ImportRow[];
  bad: BadRow[];
}

/** A problem with the whole file (no header, no id column): the import cannot start. */
export class FileFormatError extends Error {}

export function formatOf(path: string, explicit?: string): ImportFormat {
  if (explicit === 'csv' || explicit === 'jsonl') return explicit;
  if (explicit !== undefined) throw new FileFormatError(`unknown format "${explicit}" (use csv or jsonl)`);
  if (/\.(jsonl|ndjson)$/i.test(path)) return 'jsonl';
  if (/\.csv$/i.test(path)) return 'csv';
  throw new FileFormatError(`cannot tell the format of ${path} from its name: pass --format csv or --format jsonl`);
}

export function parseImportFile(text: string, format: ImportFormat): ParsedFile {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return format === 'csv' ? parseCsvRows(body) : parseJsonLines(body);
}

interface CsvRecord {
  line: number;
  fields: string[];
  raw: string;
  error?: string;
}

/** Splits CSV text into records; a malformed record carries `error` and ends at its physical line end. */
export function* csvRecords(text: string): Generator<CsvRecord> {
  let i = 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const start = i;
    const startLine = line;
    const fields: string[] = [];
    let error: string | undefined;
    let field = '';
    let quoted = false;
    let afterQuote = false;
    let endOfRecord = false;
    while (i < n && !endOfRecord) {
      const c = text[i];
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            quoted = false;
            afterQuote = true;
            i += 1;
          }
        } else {
          if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line += 1;
          field += c;
          i += 1;
        }
        continue;
      }
      if (c === ',') {
        fields.push(field);
        field = '';
        afterQuote = false;
        i += 1;
      } else if (c === '\r' || c === '\n') {
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line += 1;
        endOfRecord = true;
      } else if (afterQuote) {
        error = `unexpected character ${JSON.stringify(c)} after a closing quote`;
        break;
      } else if (c === '"') {
        if (field.length > 0) {
          error = 'a quote inside an unquoted field (quote the whole field and double the quote)';
          break;
        }
        quoted = true;
        i += 1;
      } else {
        field += c;
        i += 1;
      }
    }
    if (!error && quoted) error = 'a quoted field is not closed before the end of the file';
    if (error) {
      // Skip to the end of the physical line the error is on, and resume there.
      while (i < n && text[i] !== '\n' && text[i] !== '\r') i += 1;
      const raw = text.slice(start, i);
      if (i < n) {
        i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line += 1;
      }
      yield { line: startLine, fields: [], raw, error };
      continue;
    }
    fields.push(field);
    const raw = text.slice(start, i).replace(/\r?\n$|\r$/, '');
    yield { line: startLine, fields, raw };
  }
}

const isBlank = (r: CsvRecord) => !r.error && r.fields.length === 1 && r.fields[0].trim() === '';

function parseCsvRows(text: string): ParsedFile {
  const rows: ImportRow[] = [];
  const bad: BadRow[] = [];
  let header: string[] | undefined;
  let idCol = -1;
  let nameCol = -1;
  let emailCol = -1;
  for (const rec of csvRecords(text)) {
    if (isBlank(rec)) continue;
    if (!header) {
      if (rec.error) throw new FileFormatError(`line ${rec.line}: the header row cannot be read: ${rec.error}`);
      header = rec.fields.map((f) => f.trim().toLowerCase());
      idCol = header.indexOf('id');
      nameCol = header.indexOf('name');
      emailCol = header.indexOf('email');
      if (idCol < 0) throw new FileFormatError(`line ${rec.line}: the header row has no "id" column (found: ${rec.fields.join(', ')})`);
      continue;
    }
    if (rec.error) {
      bad.push({ line: rec.line, raw: rec.raw, error: rec.error });
      continue;
    }
    if (rec.fields.length !== header.length) {
      bad.push({ line: rec.line, raw: rec.raw, error: `expected ${header.length} fields as in the header, found ${rec.fields.length}` });
      continue;
    }
    const id = rec.fields[idCol];
    if (id === '') {
      bad.push({ line: rec.line, raw: rec.raw, error: 'id is empty' });
      continue;
    }
    const row: ImportRow = { line: rec.line, id };
    if (nameCol >= 0 && rec.fields[nameCol] !== '') row.name = rec.fields[nameCol];
    if (emailCol >= 0 && rec.fields[emailCol].trim() !== '') row.email = rec.fields[emailCol].trim();
    rows.push(row);
  }
  if (!header) throw new FileFormatError('the file is empty: a CSV import needs a header row with an "id" column');
  return { rows, bad };
}

function parseJsonLines(text: string): ParsedFile {
  const rows: ImportRow[] = [];
  const bad: BadRow[] = [];
  const lines = text.split('\n');
  lines.forEach((rawLine, index) => {
    const raw = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (raw.trim() === '') return;
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      bad.push({ line, raw, error: `not valid JSON (${(err as Error).message})` });
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      bad.push({ line, raw, error: 'each line must be a JSON object' });
      return;
    }
    const { id, name, email } = value as Record<string, unknown>;
    if (typeof id !== 'string' || id === '') {
      bad.push({ line, raw, error: id === undefined || id === '' ? 'id is missing or empty' : 'id must be a string' });
      return;
    }
    if (name !== undefined && name !== null && typeof name !== 'string') {
      bad.push({ line, raw, error: 'name must be a string or null' });
      return;
    }
    if (email !== undefined && email !== null && typeof email !== 'string') {
      bad.push({ line, raw, error: 'email must be a string' });
      return;
    }
    const row: ImportRow = { line, id };
    if (name !== undefined) row.name = name as string | null;
    if (typeof email === 'string' && email.trim() !== '') row.email = email.trim();
    rows.push(row);
  });
  return { rows, bad };
}

/** One CSV field, quoted when it must be. */
export function csvField(value: string | number | null | undefined): string {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}
