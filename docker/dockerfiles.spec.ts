// Lints the images' essentials by reading the Dockerfiles (no Docker engine here).
import fs from 'node:fs';
import path from 'node:path';
import { readConfig as readDeliveryConfig } from '../apps/delivery-service/src/config';
import { readConfig as readGatewayConfig } from '../apps/gateway/src/config';
import { readConfig as readPreferenceConfig } from '../apps/preference-service/src/config';
import { readConfig as readRecipientConfig } from '../apps/recipient-service/src/config';
import { copyParts, execForm, parseDockerfile, type Stage } from './testing/dockerfile';

const required = { MONGO_URL: 'mongodb://x', NATS_URL: 'nats://x', ADMIN_TOKEN: 'a'.repeat(16), TOKEN_SECRET: 's'.repeat(32), SERVICE_TOKEN: 't'.repeat(32) };
const defaultPort = {
  gateway: readGatewayConfig(required).PORT,
  'recipient-service': readRecipientConfig(required).PORT,
  'preference-service': readPreferenceConfig(required).PORT,
  'delivery-service': readDeliveryConfig(required).PORT,
};
const root = path.resolve(__dirname, '..');
const PINNED_IMAGE = /^[a-z0-9./-]+:(?!latest$)[\w.-]*\d+\.\d+[\w.-]*(@sha256:[a-f0-9]{64})?$/;

const all = (stage: Stage, op: string) => stage.instructions.filter((i) => i.op === op);

describe.each(Object.entries(defaultPort))('docker/%s.Dockerfile', (app, port) => {
  const file = path.join(__dirname, `${app}.Dockerfile`);
  const stages = parseDockerfile(file);
  const final = stages[stages.length - 1];
  const names = new Set(stages.map((s) => s.name).filter(Boolean));

  it('when it names base images, then each is pinned (no latest) or an earlier stage, and it is multi-stage', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const s of stages) {
      if (!names.has(s.from)) expect(s.from).toMatch(PINNED_IMAGE);
    }
    expect(stages.some((s) => /^node:20\.\d+-bookworm-slim/.test(s.from))).toBe(true);
  });

  it('when the final image is assembled, then it holds production node_modules, the bundle and healthcheck only', () => {
    for (const copy of [...all(final, 'COPY'), ...all(final, 'ADD')].map((i) => copyParts(i.args))) {
      if (copy.from) {
        expect(names.has(copy.from)).toBe(true);
        if (copy.sources.some((s) => s.includes('node_modules'))) {
          const deps = stages.find((s) => s.name === copy.from)!;
          expect(all(deps, 'RUN').some((r) => /npm ci\b.*--omit=dev/.test(r.args))).toBe(true);
        } else {
          expect(copy.sources).toEqual([`/src/dist/apps/${app}/`]);
        }
      } else {
        for (const src of copy.sources) expect(src).toMatch(/^docker\/healthcheck\/[\w-]+\.cjs$/);
      }
    }
    expect(all(final, 'RUN')).toEqual([]); // nothing installed or built in the final stage
    expect(all(final, 'ENV').some((e) => /NODE_ENV=production/.test(e.args))).toBe(true);
  });

  it('when the build stage copies sources, then it copies what the bundle needs, never the whole repository', () => {
    for (const s of stages) {
      for (const copy of all(s, 'COPY').map((i) => copyParts(i.args))) {
        expect(copy.sources).not.toContain('.');
        expect(copy.sources).not.toContain('apps');
      }
    }
  });

  it('when it runs, then as a non-root user, as PID 1 node in exec form, stopping on SIGTERM, with a healthcheck', () => {
    const users = all(final, 'USER');
    expect(users).toHaveLength(1);
    expect(users[0].args).not.toMatch(/^(root|0)(:|$)/);
    expect(all(final, 'STOPSIGNAL').map((i) => i.args)).toEqual(['SIGTERM']);
    const cmd = execForm(all(final, 'CMD')[0]?.args ?? '');
    expect(cmd?.[0]).toBe('node');
    expect(cmd?.[cmd.length - 1]).toBe('main.js');
    expect(all(final, 'ENTRYPOINT')).toEqual([]);
    const healthcheck = all(final, 'HEALTHCHECK')[0]?.args ?? '';
    expect(healthcheck).toContain(app === 'gateway' ? 'healthcheck/http-health.cjs' : 'healthcheck/grpc-health.cjs');
    expect(all(final, 'EXPOSE').flatMap((e) => e.args.split(/\s+/))).toContain(String(port));
  });

  it('when the healthcheck runs, then its script is in the image and exists in the repository', () => {
    const copied = all(final, 'COPY').flatMap((i) => copyParts(i.args).sources.filter((s) => s.startsWith('docker/')));
    expect(copied.length).toBeGreaterThan(0);
    for (const src of copied) expect(fs.existsSync(path.join(root, src))).toBe(true);
  });
});

describe('.dockerignore', () => {
  it('when the context is sent, then it is an allow-list that keeps node_modules, dist and tests out', () => {
    const lines = fs.readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    expect(lines[0]).toBe('*');
    const allowed = lines.filter((l) => l.startsWith('!')).map((l) => l.slice(1));
    expect(allowed).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'docker/healthcheck/']));
    expect(allowed.some((a) => /node_modules|dist|\.local|\.git/.test(a))).toBe(false);
    expect(lines).toEqual(expect.arrayContaining(['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts']));
  });
});
