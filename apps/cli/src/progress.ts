import { SingleBar, Presets } from 'cli-progress';
import type { Io } from './io';

export interface Progress {
  start(total: number, value?: number): void;
  update(value: number, total?: number): void;
  stop(): void;
}

const quiet: Progress = { start() {}, update() {}, stop() {} };

/**
 * A progress bar on stderr with rate and ETA (cli-progress), only when both stdout and stderr are
 * terminals and not turned off (`--no-progress`, `--json`): pipes and CI logs get no escape codes.
 */
export function progressBar(io: Io, opts: { enabled: boolean; unit: string }): Progress {
  if (!opts.enabled || !io.stdout.isTTY || !io.stderr.isTTY) return quiet;
  const bar = new SingleBar(
    {
      stream: io.stderr as unknown as NodeJS.WriteStream,
      format: `{bar} {percentage}% | {value}/{total} ${opts.unit} | {rate}/s | ETA {eta_formatted}`,
      hideCursor: true,
      etaBuffer: 50,
      fps: 10,
    },
    Presets.shades_classic,
  );
  const started = Date.now();
  let base = 0;
  const rate = (value: number) => {
    const secs = (Date.now() - started) / 1000;
    return secs > 0 ? Math.round((value - base) / secs).toLocaleString('en-US') : '0';
  };
  return {
    start(total, value = 0) {
      base = value;
      bar.start(total, value, { rate: '0' });
    },
    update(value, total) {
      if (total !== undefined) bar.setTotal(total);
      bar.update(value, { rate: rate(value) });
    },
    stop() {
      bar.stop();
    },
  };
}
