import { duplicateKeyWriteIndexes, isDuplicateKey } from './errors';

const ferretUpdate = 'constraint failed: UNIQUE constraint failed: index \'catalog_natural_key\' (2067)';

describe('isDuplicateKey', () => {
  it.each([
    ['MongoDB (and FerretDB inserts): code 11000', { code: 11000, message: 'E11000 duplicate key error collection: db.c' }],
    ['FerretDB updates: code 1 and SQLite text', { code: 1, message: ferretUpdate }],
    ['a bulk write error item', { code: 1, errmsg: ferretUpdate }],
  ])('when %s, then it is a duplicate key', (_name, err) => {
    expect(isDuplicateKey(err)).toBe(true);
  });

  it.each([null, undefined, 'E11000', { code: 1, message: 'something else' }, { code: 56, message: 'empty field name' }])('when %j, then it is not', (err) => {
    expect(isDuplicateKey(err)).toBe(false);
  });
});

describe('duplicateKeyWriteIndexes', () => {
  it('when every failure of a bulk write is a unique-index refusal (either store), then their indexes', () => {
    const err = { writeErrors: [{ index: 0, code: 11000, errmsg: 'E11000 duplicate key' }, { index: 3, code: 1, errmsg: ferretUpdate }] };
    expect(duplicateKeyWriteIndexes(err)).toEqual([0, 3]);
    expect(duplicateKeyWriteIndexes({ writeErrors: { index: 2, code: 1, errmsg: ferretUpdate } })).toEqual([2]);
  });

  it('when any failure has another cause, or it is no bulk error, then null', () => {
    expect(duplicateKeyWriteIndexes({ writeErrors: [{ index: 0, code: 11000 }, { index: 1, code: 2, errmsg: 'bad' }] })).toBeNull();
    expect(duplicateKeyWriteIndexes(new Error('x'))).toBeNull();
  });
});
