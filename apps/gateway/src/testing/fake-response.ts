import { EventEmitter } from 'node:events';

/**
 * A response whose socket takes `capacity` bytes before `write` reports back-pressure; `flush()`
 * plays the client reading everything (write callbacks, then `drain`).
 */
export class FakeResponse extends EventEmitter {
  written: string[] = [];
  writableLength = 0;
  writableEnded = false;
  destroyed = false;
  private callbacks: Array<() => void> = [];
  constructor(private readonly capacity = Infinity) {
    super();
  }
  write(text: string, cb?: () => void) {
    this.written.push(text);
    this.writableLength += Buffer.byteLength(text);
    if (cb) this.callbacks.push(cb);
    if (this.capacity === Infinity) this.flush(false);
    return this.writableLength < this.capacity;
  }
  flush(drain = true) {
    const full = this.writableLength >= this.capacity;
    this.writableLength = 0;
    for (const cb of this.callbacks.splice(0)) cb();
    if (drain && full) this.emit('drain');
  }
  end() {
    this.writableEnded = true;
  }
  destroy() {
    this.destroyed = true;
  }
}
