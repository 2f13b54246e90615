/**
 * Parsing of `herald recipients import` files: CSV with a header row (RFC 4180, read by csv-parse:
 * quoted fields, doubled quotes, CRLF, LF or CR, newlines inside quotes) or JSON lines.
 * Columns/fields: `id` (required), `name`, `email`; other columns are ignored. A byte-order mark is dropped, empty
 * lines are skipped, and a row that cannot be read is reported with its line number (1-based,
 * the line the row starts on) instead of stopping the import.
 */
import { CsvError, parse, type Options } from 'csv-parse/sync';

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

/** What a malformed record is reported as (the tests name these texts). */
function csvProblem(err: CsvError): string {
  switch (err.code) {
    case 'INVALID_OPENING_QUOTE':
      return 'a quote inside an unquoted field (quote the whole field and double the quote)';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'unexpected text after a closing quote (quote the whole field and double the quote)';
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is not closed before the end of the file';
    default:
      return err.message;
  }
}

const LF = 0x0a;
const CR = 0x0d;

/** Line breaks in a piece of the file: CRLF, LF and a lone CR each count once. */
const breaksIn = (s: string) => s.match(/\r\n|\r|\n/g)?.length ?? 0;
const withoutBreak = (s: string) => s.replace(/\r\n$|\r$|\n$/, '');

const OPTIONS: Options = {
  raw: true,
  relax_column_count: true, // a row's width is checked against the header below, with a clearer message
  skip_empty_lines: false, // every line is a record, so records follow each other without gaps
  record_delimiter: ['\r\n', '\n', '\r'],
};

/** What csv-parse returns for each record with `raw: true` (its types do not say so). */
interface RawRecord {
  record: string[];
  raw: string;
}
const parseRaw = (input: Buffer, options: Options) => parse(input, options) as unknown as RawRecord[];

/**
 * Splits CSV text into records with csv-parse (RFC 4180; CRLF, LF or CR line ends). Each record
 * carries the line it starts on and its text. csv-parse stops at a malformed record; that record
 * is reported with the text up to the end of the physical line the problem is on, and parsing
 * resumes on the next line, so one bad row never hides the rows after it.
 */
function csvRecords(text: string): CsvRecord[] {
  const input = Buffer.from(text, 'utf8');
  const records: CsvRecord[] = [];
  let at = 0; // byte offset of the next record
  let line = 1;
  const add = ({ record, raw }: RawRecord) => {
    records.push({ line, fields: record, raw: withoutBreak(raw) });
    at += Buffer.byteLength(raw);
    if (input[at - 1] === CR && input[at] === LF) at += 1; // csv-parse's `raw` ends a CRLF record at its CR
    line += breaksIn(raw);
  };
  while (at < input.length) {
    const rest = input.subarray(at);
    let failure: unknown;
    try {
      parseRaw(rest, OPTIONS).forEach(add); // the common case: the rest of the file in one call
      break;
    } catch (err) {
      failure = err;
    }
    if (!(failure instanceof CsvError)) throw failure;
    // csv-parse returns none of the records before the one it gave up on: read those again, up to it.
    const before = typeof failure.records === 'number' ? failure.records : 0;
    if (before > 0) parseRaw(rest, { ...OPTIONS, to: before }).forEach(add);
    // `raw` is the record's text up to where csv-parse gave up; the bad row ends with that line.
    let end = at + Buffer.byteLength(typeof failure.raw === 'string' ? failure.raw : '');
    while (end < input.length && input[end] !== LF && input[end] !== CR) end += 1;
    const next = end + (input[end] === CR && input[end + 1] === LF ? 2 : end < input.length ? 1 : 0);
    records.push({ line, fields: [], raw: input.subarray(at, end).toString('utf8'), error: csvProblem(failure) });
    line += breaksIn(input.subarray(at, next).toString('utf8'));
    at = next;
  }
  return records;
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
