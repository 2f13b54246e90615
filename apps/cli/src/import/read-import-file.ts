import fs from 'node:fs';
import { UsageError } from '../errors';
import { FileFormatError, formatOf, parseImportFile, type ImportFormat, type ParsedFile } from './parse-rows';

/** Reads and parses an import file; anything wrong with the file as a whole is a usage error. */
export function readImportFile(file: string, explicitFormat?: string): { format: ImportFormat; content: string; parsed: ParsedFile } {
  let format: ImportFormat;
  try {
    format = formatOf(file, explicitFormat);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return { format, content, parsed: parseImportFile(content, format) };
  } catch (err) {
    if (err instanceof FileFormatError) throw new UsageError(`${file}: ${err.message}`);
    throw err;
  }
}

/** Where an import's failed rows go by default: `<file without extension>.failed.<csv|jsonl>`. */
export const defaultFailedPath = (file: string, format: ImportFormat) => `${file.replace(/\.(csv|jsonl|ndjson)$/i, '')}.failed.${format === 'csv' ? 'csv' : 'jsonl'}`;
