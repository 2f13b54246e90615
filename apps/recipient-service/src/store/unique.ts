import { isDuplicateKey } from '@herald/service-kit';

/** A write was refused by a unique index. Repositories throw it; use cases decide what it means. */
export class DuplicateError extends Error {
  constructor() {
    super('duplicate key');
    this.name = 'DuplicateError';
  }
}

/** Runs a write, turning a unique-index violation into a DuplicateError. */
export async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isDuplicateKey(err)) throw new DuplicateError();
    throw err;
  }
}
