// Kills the processes its parent started once the parent is gone, however it went (even SIGKILL).
// The parent keeps this process's stdin open and writes "+<pid>" for each child it starts and
// "-<pid>" for each that ends; end of stdin means the parent has exited. Started detached, so a
// Ctrl-C in the terminal reaches the parent, not this process.
const pids = new Set();
let pending = '';

for (const sig of ['SIGINT', 'SIGHUP']) process.on(sig, () => undefined);

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop();
  for (const line of lines) {
    const pid = Number(line.slice(1));
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (line[0] === '+') pids.add(pid);
    else pids.delete(pid);
  }
});

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const signal = (pid, sig) => {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
};

process.stdin.on('end', () => {
  if (pids.size === 0) process.exit(0);
  for (const pid of pids) signal(pid, 'SIGTERM');
  const deadline = Date.now() + 5000;
  setInterval(() => {
    const left = [...pids].filter(alive);
    if (left.length === 0) process.exit(0);
    if (Date.now() > deadline) {
      for (const pid of left) signal(pid, 'SIGKILL');
      process.exit(0);
    }
  }, 100);
});
