import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past the live heap before its next major collection:
 * at most `percent` % (0: V8's own factor, up to four times the live heap). A fan-out promotes
 * short-lived garbage (a chunk's documents and events live for seconds), and with V8's own factor
 * the process's memory grew by 100–220 MB before a collection returned it; at 50 % it grew by
 * about 35 MB at no measurable CPU cost (docs/benchmarks.md). Set once, as the process starts.
 */
export function limitHeapGrowth(percent: number, setFlags: (flags: string) => void = setFlagsFromString): void {
  if (percent > 0) setFlags(`--heap-growing-percent=${percent}`);
}
