import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';

/**
 * CPU contention for fault tests: one busy child process per core (a tight loop), so the service
 * under test gets its time slices late, as on a loaded machine (timers fire late, keep-alives are
 * sent late). `stop()` kills them; they also die with the test process (their stdin closes).
 */
export function startCpuHogs(count = os.availableParallelism()): { stop(): Promise<void> } {
  const script = "process.stdin.on('close', () => process.exit(0)); process.stdin.resume(); setImmediate(function spin() { const end = Date.now() + 50; while (Date.now() < end); setImmediate(spin); });";
  const children: ChildProcess[] = Array.from({ length: count }, () => spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'ignore', 'ignore'] }));
  return {
    async stop() {
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null || c.signalCode !== null) return resolve();
              c.once('exit', () => resolve());
              c.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
