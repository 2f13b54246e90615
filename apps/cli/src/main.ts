import readline from 'node:readline';
import { Writable } from 'node:stream';
import type { Io } from './io';
import { run } from './program';
import { createSdkApi } from './sdk-api';

/** Asks on the terminal; a secret answer is not echoed. */
function terminalPrompt(question: string, opts: { secret?: boolean } = {}): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _enc, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      if (opts.secret) process.stderr.write('\n');
      rl.close();
      resolve(answer);
    });
    muted = opts.secret === true;
  });
}

/** The process entry point: real streams, Ctrl-C as an abort signal (a second one exits at once). */
export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    interrupts += 1;
    if (interrupts > 1) process.exit(130);
    controller.abort();
  });
  const io: Io = {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    signal: controller.signal,
    prompt: process.stdin.isTTY && process.stderr.isTTY ? terminalPrompt : undefined,
  };
  const code = await run(argv, io, createSdkApi);
  const exitCode = code !== 0 && controller.signal.aborted ? 130 : code;
  // Exit once stdout is flushed: idle keep-alive sockets must not hold the process open.
  process.stdout.write('', () => process.exit(exitCode));
}

if (require.main === module) void main();
