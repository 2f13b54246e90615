// A Dockerfile read into stages of instructions, enough to lint the essentials offline.
import fs from 'node:fs';

export interface Instruction {
  op: string;
  args: string;
}
export interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** Joins continuation lines, drops comments and parser directives, splits into stages at FROM. */
export function parseDockerfile(file: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && pending === '')) continue;
    if (line.endsWith('\\')) pending += `${line.slice(0, -1)} `;
    else {
      logical.push(pending + line);
      pending = '';
    }
  }
  const stages: Stage[] = [];
  for (const line of logical.filter((l) => l !== '')) {
    const [, op, args] = /^(\S+)\s*(.*)$/.exec(line)!;
    const upper = op.toUpperCase();
    if (upper === 'FROM') {
      const [, from, name] = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)!;
      stages.push({ from, name, instructions: [] });
    } else {
      if (stages.length === 0) throw new Error(`${file}: ${upper} before FROM`);
      stages[stages.length - 1].instructions.push({ op: upper, args });
    }
  }
  return stages;
}

/** `COPY [--from=x] [--chown=..] src... dest` → { from, sources, dest }. */
export function copyParts(args: string): { from?: string; sources: string[]; dest: string } {
  const words = args.split(/\s+/);
  const flags = words.filter((w) => w.startsWith('--'));
  const rest = words.filter((w) => !w.startsWith('--'));
  const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: rest.slice(0, -1), dest: rest[rest.length - 1] };
}

/** The JSON array of an exec-form instruction (CMD ["node", ...]), or undefined for shell form. */
export function execForm(args: string): string[] | undefined {
  try {
    const parsed: unknown = JSON.parse(args);
    return Array.isArray(parsed) ? (parsed as string[]) : undefined;
  } catch {
    return undefined;
  }
}
