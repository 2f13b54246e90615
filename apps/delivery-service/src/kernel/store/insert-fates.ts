import type { Collection, Document, OptionalUnlessRequiredId } from 'mongodb';
import { isDuplicateKey } from '@herald/service-kit';
import { retryBusy } from './store-retry';

export interface InsertFates {
  /** Indexes (into the docs given) of the documents this call inserted. */
  inserted: Set<number>;
  /** Indexes refused by a unique index (the document, or one with the same unique key, exists). */
  duplicate: Set<number>;
}

interface WriteErrorLike {
  index: number;
  code?: number;
  errmsg?: string;
}

/**
 * One unordered `insertMany`, reporting each document's own fate: inserted, or refused as a
 * duplicate. Any other per-document error, or an error that says nothing per document (the
 * connection dropped), is thrown: the caller cannot know what was written and must find out.
 */
export async function insertManyFates<T extends Document>(col: Collection<T>, docs: OptionalUnlessRequiredId<T>[]): Promise<InsertFates> {
  const all = new Set(docs.map((_, i) => i));
  if (docs.length === 0) return { inserted: all, duplicate: new Set() };
  try {
    await retryBusy(() => col.insertMany(docs, { ordered: false }));
    return { inserted: all, duplicate: new Set() };
  } catch (err) {
    const writeErrors = writeErrorsOf(err);
    if (writeErrors === null) throw err;
    const duplicate = new Set<number>();
    for (const e of writeErrors) {
      if (!isDuplicateKey({ code: e.code, message: e.errmsg })) throw err;
      duplicate.add(e.index);
    }
    return { inserted: new Set([...all].filter((i) => !duplicate.has(i))), duplicate };
  }
}

function writeErrorsOf(err: unknown): WriteErrorLike[] | null {
  const e = err as { writeErrors?: WriteErrorLike | WriteErrorLike[]; code?: number; message?: string } | null;
  if (e?.writeErrors) return Array.isArray(e.writeErrors) ? e.writeErrors : [e.writeErrors];
  return null;
}
