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
      format: `{bar} {percentage}% | {value}/{total} ${opts.unit} | {rate}/s | ETA {eta_text}`,
      hideCursor: true,
      fps: 10,
    },
    Presets.shades_classic,
  );
  let started = Date.now();
  let base = 0;
  let total = 0;
  /** Rate since start, and the time left at that rate ("…" until there is a rate). */
  const figures = (value: number) => {
    const secs = (Date.now() - started) / 1000;
    const perSec = secs > 0 ? (value - base) / secs : 0;
    const left = perSec > 0 ? Math.max(0, Math.round((total - value) / perSec)) : undefined;
    const eta = left === undefined ? '…' : left >= 60 ? `${Math.floor(left / 60)}m${String(left % 60).padStart(2, '0')}s` : `${left}s`;
    return { rate: Math.round(perSec).toLocaleString('en-US'), eta_text: eta };
  };
  return {
    start(t, value = 0) {
      started = Date.now();
      base = value;
      total = t;
      bar.start(t, value, { rate: '0', eta_text: '…' });
    },
    update(value, t) {
      if (t !== undefined && t !== total) {
        total = t;
        bar.setTotal(t);
      }
      bar.update(value, figures(value));
    },
    stop() {
      bar.stop();
    },
  };
}
