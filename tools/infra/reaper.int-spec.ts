import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@herald/testing';

// A process is gone when it no longer exists or is only a zombie waiting to be reaped.
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

describe('tools/infra child processes', () => {
  it('when the process that started them is killed with SIGKILL, then its children die too', async () => {
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-reaper-'));
    const script = `
      const { spawnLogged } = require(${JSON.stringify(path.join(__dirname, 'index.cjs'))});
      const child = spawnLogged('sleeper', 'sleep', ['300'], { logDir: ${JSON.stringify(logDir)} });
      process.stdout.write(String(child.pid) + '\\n');
      setInterval(() => undefined, 1000);
    `;
    const parent = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const childPid = await new Promise<number>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
      expect(running(childPid)).toBe(true);

      parent.kill('SIGKILL');

      await eventually('the child process is gone', () => !running(childPid), { timeoutMs: 25_000 });
    } finally {
      parent.kill('SIGKILL');
      fs.rmSync(logDir, { recursive: true, force: true });
    }
  });
});
