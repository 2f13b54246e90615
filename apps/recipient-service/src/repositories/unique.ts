/** A write was refused by a unique index. Repositories throw it; use cases decide what it means. */
export class DuplicateError extends Error {
  constructor() {
    super('duplicate key');
    this.name = 'DuplicateError';
  }
}

/**
 * MongoDB reports code 11000 for every unique-index violation. FerretDB (SQLite backend) does so for
 * inserts but answers an update that breaks a unique index with code 1 "UNIQUE constraint failed".
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: number; message?: string } | null;
  return e?.code === 11000 || /UNIQUE constraint failed|E11000/.test(String(e?.message ?? ''));
}

/** Runs a write, turning a unique-index violation into a DuplicateError. */
export async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new DuplicateError();
    throw err;
  }
}
