import { csvField, FileFormatError, formatOf, parseImportFile } from './parse-rows';

describe('CSV import files', () => {
  it('when fields are quoted, then commas, doubled quotes and line breaks inside them are kept', () => {
    const text = 'id,name,email\n"a,1","Ann ""The"" Admin",a@x.io\nb,"two\nlines",\n';
    const { rows, bad } = parseImportFile(text, 'csv');
    expect(bad).toEqual([]);
    expect(rows).toEqual([
      { line: 2, id: 'a,1', name: 'Ann "The" Admin', email: 'a@x.io' },
      { line: 3, id: 'b', name: 'two\nlines' },
    ]);
  });

  it('when the file starts with a BOM and uses CRLF, then the header and line numbers are right', () => {
    const text = '\uFEFFID,Name\r\nalice,Alice\r\n\r\nbob,Bob\r\n';
    const { rows, bad } = parseImportFile(text, 'csv');
    expect(bad).toEqual([]);
    expect(rows).toEqual([
      { line: 2, id: 'alice', name: 'Alice' },
      { line: 4, id: 'bob', name: 'Bob' },
    ]);
  });

  it('when lines are empty (also before the header and at the end), then they are skipped', () => {
    const { rows } = parseImportFile('\n\nid\n\na\n\n\nb', 'csv');
    expect(rows.map((r) => [r.line, r.id])).toEqual([
      [5, 'a'],
      [8, 'b'],
    ]);
  });

  it('when a quoted field spans lines, then the next row keeps its own line number', () => {
    const { rows } = parseImportFile('id,name\r\nx,"l1\r\nl2\r\nl3"\r\ny,Y\r\n', 'csv');
    expect(rows.map((r) => [r.line, r.id])).toEqual([
      [2, 'x'],
      [5, 'y'],
    ]);
    expect(rows[0].name).toBe('l1\r\nl2\r\nl3');
  });

  it('when rows are malformed, then each is reported with its line number and the rest still parse', () => {
    const text = ['id,name,email', 'ok1,One,', 'short', 'bad"quote,x,', '"closed"junk,x,', ',no id,', 'ok2,Two,two@x.io', 'a,b,c,d'].join('\n');
    const { rows, bad } = parseImportFile(text, 'csv');
    expect(rows.map((r) => r.id)).toEqual(['ok1', 'ok2']);
    expect(rows[1].line).toBe(7);
    expect(bad.map((b) => [b.line, b.raw])).toEqual([
      [3, 'short'],
      [4, 'bad"quote,x,'],
      [5, '"closed"junk,x,'],
      [6, ',no id,'],
      [8, 'a,b,c,d'],
    ]);
    expect(bad[0].error).toMatch(/expected 3 fields/);
    expect(bad[1].error).toMatch(/quote inside an unquoted field/);
    expect(bad[2].error).toMatch(/after a closing quote/);
    expect(bad[3].error).toBe('id is empty');
  });

  it('when a CRLF file with a BOM has malformed rows among many good ones, then every row around them is read whole', () => {
    const lines = ['id,name,email'];
    for (let i = 0; i < 300; i += 1) lines.push(i === 100 ? 'broken"quote,Broken,' : i === 200 ? '"closed"junk,x,' : `imp-${i},User ${i},`);
    const { rows, bad } = parseImportFile(`\uFEFF${lines.join('\r\n')}\r\n`, 'csv');
    expect(bad.map((b) => [b.line, b.raw])).toEqual([
      [102, 'broken"quote,Broken,'],
      [202, '"closed"junk,x,'],
    ]);
    expect(rows).toHaveLength(298);
    expect(rows.every((r) => r.id === `imp-${r.line - 2}` && r.name === `User ${r.line - 2}`)).toBe(true);
  });

  it('when a quoted field is never closed, then that row is bad and earlier rows are kept', () => {
    const { rows, bad } = parseImportFile('id,name\na,A\nb,"never closed\nc,C\n', 'csv');
    expect(rows.map((r) => r.id)).toEqual(['a']);
    expect(bad).toHaveLength(1);
    expect(bad[0].line).toBe(3);
    expect(bad[0].error).toMatch(/not closed/);
  });

  it('when lines end in CRLF, LF or a lone CR, mixed in one file, then each line is a row with its own number', () => {
    const { rows, bad } = parseImportFile('id,name\r\na,A\nb,B\rc,C\r\n\r\nd,D', 'csv');
    expect(bad).toEqual([]);
    expect(rows.map((r) => [r.line, r.id, r.name])).toEqual([
      [2, 'a', 'A'],
      [3, 'b', 'B'],
      [4, 'c', 'C'],
      [6, 'd', 'D'],
    ]);
  });

  it('when the header and cells are quoted, then quotes are removed and the spaces and commas inside are kept', () => {
    const text = '\uFEFF"Id","Name","E-mail","email"\r\n" a ","Smith, Ann","x","a@x.io"\r\n"",empty id,,\r\n';
    const { rows, bad } = parseImportFile(text, 'csv');
    expect(rows).toEqual([{ line: 2, id: ' a ', name: 'Smith, Ann', email: 'a@x.io' }]);
    expect(bad).toEqual([{ line: 3, raw: '"",empty id,,', error: 'id is empty' }]);
  });

  it('when a malformed row holds a quoted line break or non-ASCII text, then it ends on the line of the problem and later rows keep their numbers', () => {
    const text = 'id,name\nx,"l1\nl2"junk\nü"x,Zoë\nok,"Zoë ""Z"", Ö"\n';
    const { rows, bad } = parseImportFile(text, 'csv');
    expect(bad.map((b) => [b.line, b.raw])).toEqual([
      [2, 'x,"l1\nl2"junk'],
      [4, 'ü"x,Zoë'],
    ]);
    expect(bad[0].error).toMatch(/after a closing quote/);
    expect(bad[1].error).toMatch(/quote inside an unquoted field/);
    expect(rows).toEqual([{ line: 5, id: 'ok', name: 'Zoë "Z", Ö' }]);
  });

  it('when there is no id column or no header at all, then the whole file is refused', () => {
    expect(() => parseImportFile('name,email\nx,y\n', 'csv')).toThrow(FileFormatError);
    expect(() => parseImportFile('\uFEFF\r\n\r\n', 'csv')).toThrow(/empty/);
  });

  it('when name and email cells are empty, then the name is left as it is and no contact is made', () => {
    const { rows } = parseImportFile('email,id,name,team\n  ,a,,blue\n', 'csv');
    expect(rows).toEqual([{ line: 2, id: 'a' }]);
  });
});

describe('JSON lines import files', () => {
  it('when lines are objects, then id, name (null included) and email are read, with BOM, CRLF and empty lines', () => {
    const text = '\uFEFF{"id":"a","name":"A","email":" a@x.io "}\r\n\r\n{"id":"b","name":null,"extra":1}\r\n   \n{"id":"c"}';
    const { rows, bad } = parseImportFile(text, 'jsonl');
    expect(bad).toEqual([]);
    expect(rows).toEqual([
      { line: 1, id: 'a', name: 'A', email: 'a@x.io' },
      { line: 3, id: 'b', name: null },
      { line: 5, id: 'c' },
    ]);
  });

  it('when a line is not an object with a string id, then it is reported with its line number', () => {
    const text = ['{"id":"ok"}', '{"id":', '[1]', '{"name":"x"}', '{"id":7}', '{"id":"n","name":5}', '{"id":"e","email":true}'].join('\n');
    const { rows, bad } = parseImportFile(text, 'jsonl');
    expect(rows.map((r) => r.id)).toEqual(['ok']);
    expect(bad.map((b) => b.line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(bad[0].error).toMatch(/not valid JSON/);
    expect(bad[1].error).toMatch(/JSON object/);
    expect(bad[2].error).toMatch(/id is missing/);
    expect(bad[3].error).toMatch(/id must be a string/);
  });
});

describe('format and output helpers', () => {
  it('when the name says csv or jsonl, then that is the format; otherwise --format is needed', () => {
    expect(formatOf('users.CSV')).toBe('csv');
    expect(formatOf('users.ndjson')).toBe('jsonl');
    expect(formatOf('users.txt', 'jsonl')).toBe('jsonl');
    expect(() => formatOf('users.txt')).toThrow(/--format/);
    expect(() => formatOf('users.csv', 'xml')).toThrow(/unknown format/);
  });

  it('when a value holds a comma, quote, line break or edge spaces, then it is quoted', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(' x')).toBe('" x"');
    expect(csvField(null)).toBe('');
  });
});
