// Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by package/file group.
// node bench/tools/cpuprofile-top.mjs <file.cpuprofile> [top=25]
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 25);
const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const counts = new Map();
for (const s of prof.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const total = prof.samples.length;
const dt = (prof.endTime - prof.startTime) / 1000 / total; // ms per sample
const fn = new Map();
const group = new Map();
const groupOf = (url) => {
  if (!url) return '(native/idle)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return url;
  return url.replace(/^.*\/(apps|libs)\//, '$1/').replace(/^file:\/\//, '');
};
for (const [id, c] of counts) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const k = `${cf.functionName || '(anonymous)'} ${groupOf(cf.url)}:${cf.lineNumber + 1}`;
  fn.set(k, (fn.get(k) ?? 0) + c);
  const g = cf.functionName === '(idle)' ? '(idle)' : cf.functionName === '(garbage collector)' ? '(gc)' : groupOf(cf.url);
  group.set(g, (group.get(g) ?? 0) + c);
}
const busy = total - (group.get('(idle)') ?? 0);
console.log(`${file}: ${(total * dt / 1000).toFixed(1)} s profiled, ${(busy * dt / 1000).toFixed(1)} s busy`);
console.log('\nby group (share of busy time):');
for (const [g, c] of [...group].filter(([g]) => g !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${(100 * c / busy).toFixed(1).padStart(5)}%  ${g}`);
console.log('\nby function (self):');
for (const [k, c] of [...fn].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${(100 * c / busy).toFixed(1).padStart(5)}%  ${k}`);
