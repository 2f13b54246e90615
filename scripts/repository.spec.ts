// Files that must never be committed at the repository root.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

describe('repository hygiene', () => {
  it.each(['state.json', 'docker/.env'])('when a tool leaves %s behind, then it is neither tracked nor committable', (file) => {
    expect(git('ls-files', '--', file).trim()).toBe('');
    expect(git('check-ignore', '--no-index', '-v', '--', file)).toContain(file);
  });

  it('when secrets live in local files, then .gitignore covers .local/', () => {
    expect(fs.readFileSync(path.join(root, '.gitignore'), 'utf8')).toMatch(/^\.local\/$/m);
  });
});
