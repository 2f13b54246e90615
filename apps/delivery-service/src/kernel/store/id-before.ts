import { ANY_ID } from './activity-keys';

/**
 * The condition on the id of a page read newest first by id: below the cursor, or any id (an open
 * range) on a first page. Either tells the local store (FerretDB on SQLite as patched) that the key
 * it orders by holds numbers, which it must know to read the index in order and stop at the LIMIT;
 * with no condition on the id it first reads every index entry the filter matches (a first page
 * then costs O(the matches)).
 */
export const idBefore = (cursor: number | null | undefined) => (cursor === null || cursor === undefined ? ANY_ID : { $lt: cursor });
