// Loaded with `NODE_OPTIONS=--require <this file>` (Node refuses --cpu-prof in NODE_OPTIONS) when
// a benchmark runs with BENCH_CPU_PROF=<dir>: the first SIGUSR2 starts the V8 CPU profiler, the
// second stops it and writes <dir>/<pid>.cpuprofile (open in Chrome DevTools or speedscope), so a
// profile covers the measured window only.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const inspector = require('node:inspector');

const dir = process.env.BENCH_CPU_PROF;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  let running = false;
  process.on('SIGUSR2', () => {
    if (!running) {
      session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')));
      running = true;
      return;
    }
    running = false;
    session.post('Profiler.stop', (err, result) => {
      if (!err) fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
