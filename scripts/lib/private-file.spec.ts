// Credentials files written by `npm start` (.local/secrets.json, .local/dev-credentials.json) are
// owner-only, also when they already existed with a looser mode.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface PrivateFile {
  PRIVATE_MODE: number;
  writePrivateFile(file: string, text: string): void;
  writePrivateJson(file: string, value: unknown): void;
  restrictFile(file: string): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PRIVATE_MODE, writePrivateJson, restrictFile } = require('./private-file.cjs') as PrivateFile;
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('scripts/lib/private-file.cjs', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-private-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('when a credentials file is created, then only its owner may read it', () => {
    const file = path.join(dir, 'secrets.json');
    writePrivateJson(file, { admin_token: 'x' });
    expect(PRIVATE_MODE).toBe(0o600);
    expect(modeOf(file)).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ admin_token: 'x' });
  });

  it('when the file already exists world-readable, then rewriting it makes it private', () => {
    const file = path.join(dir, 'dev-credentials.json');
    fs.writeFileSync(file, '{}', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    writePrivateJson(file, { full_key: 'k' });
    expect(modeOf(file)).toBe(0o600);
  });

  it('when an existing file is only reused, then restrictFile makes it private; a missing file stays missing', () => {
    const file = path.join(dir, 'secrets.json');
    fs.writeFileSync(file, '{}');
    fs.chmodSync(file, 0o664);
    restrictFile(file);
    expect(modeOf(file)).toBe(0o600);
    expect(() => restrictFile(path.join(dir, 'missing.json'))).not.toThrow();
    expect(fs.existsSync(path.join(dir, 'missing.json'))).toBe(false);
  });

  it('when npm start keeps secrets and credentials, then it writes them through this module and restricts kept files', () => {
    const start = fs.readFileSync(path.join(__dirname, '..', 'start.mjs'), 'utf8');
    expect(start).toContain("('./lib/private-file.cjs')");
    expect(start).toMatch(/for \(const file of \[secretsFile, credentialsFile\]\) restrictFile\(file\)/);
    expect(start).toMatch(/writePrivateJson\(secretsFile,/);
    expect(start).toMatch(/writePrivateJson\(credentialsFile,/);
    expect(start).not.toMatch(/writeFileSync\((secretsFile|credentialsFile)/);
    expect(start).not.toMatch(/function writePrivateJson/);
  });
});
