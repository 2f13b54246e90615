// The compose `init` step, run as compose runs it, against a stand-in for the gateway's admin API
// (the admin API: POST /admin/projects → 201 {data: {project, keys}}).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ADMIN_TOKEN = 'test-admin-token-0123456789';

function fakeGateway() {
  const projects = new Set<string>();
  const calls: string[] = [];
  let created = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push(`${req.method} ${req.url}`);
      const send = (status: number, payload?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(payload === undefined ? '' : JSON.stringify(payload));
      };
      if (req.url === '/readyz') return send(200, { status: 'ready' });
      if (req.headers.authorization !== `Bearer ${ADMIN_TOKEN}`) return send(401, { error: 'unauthorized', details: 'Bad token' });
      if (req.method === 'POST' && req.url === '/admin/projects') {
        const id = String(++created);
        projects.add(id);
        const { name } = JSON.parse(body) as { name: string };
        return send(201, {
          message: 'Project created',
          data: {
            project: { id, name },
            keys: [
              { id: `k${id}f`, scope: 'full', key: `full-${id}` },
              { id: `k${id}r`, scope: 'recipient', key: `recipient-${id}` },
            ],
          },
        });
      }
      const get = /^\/admin\/projects\/(\w+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && get) return projects.has(get[1]) ? send(200, { data: { id: get[1] } }) : send(404, { error: 'not_found', details: 'x' });
      send(404, { error: 'not_found', details: 'no route' });
    });
  });
  return { server, projects, calls };
}

function runInit(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'create-dev-project.cjs')], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('create-dev-project.cjs', () => {
  const gateway = fakeGateway();
  let dir: string;
  let env: Record<string, string>;
  beforeAll(() => new Promise<void>((r) => gateway.server.listen(0, '127.0.0.1', () => r())));
  afterAll(() => new Promise<void>((r) => gateway.server.close(() => r())));
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-init-'));
    const { port } = gateway.server.address() as AddressInfo;
    env = { HERALD_URL: `http://127.0.0.1:${port}`, PUBLIC_URL: 'http://localhost:8080', ADMIN_TOKEN, STATE_FILE: path.join(dir, 'state', 'creds.json') };
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('when run first, then it creates the dev project and prints its credentials', async () => {
    const res = await runInit(env);
    expect(res.code).toBe(0);
    const creds = JSON.parse(res.stdout);
    expect(creds).toEqual({ base_url: 'http://localhost:8080', admin_token: ADMIN_TOKEN, project_id: expect.any(String), full_key: `full-${creds.project_id}`, recipient_key: `recipient-${creds.project_id}` });
    expect(JSON.parse(fs.readFileSync(env.STATE_FILE, 'utf8'))).toEqual(creds);
    expect(fs.statSync(env.STATE_FILE).mode & 0o777).toBe(0o600);
  });

  it('when the state file already exists world-readable, then the credentials written into it are owner-only', async () => {
    fs.mkdirSync(path.dirname(env.STATE_FILE), { recursive: true });
    fs.writeFileSync(env.STATE_FILE, JSON.stringify({ project_id: 'gone-project' }));
    fs.chmodSync(env.STATE_FILE, 0o644);
    const res = await runInit(env);
    expect(res.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(env.STATE_FILE, 'utf8')).project_id).not.toBe('gone-project');
    expect(fs.statSync(env.STATE_FILE).mode & 0o777).toBe(0o600);
  });

  it('when run again while the project exists, then it prints the same credentials without creating another', async () => {
    const first = JSON.parse((await runInit(env)).stdout);
    const callsBefore = gateway.calls.length;
    const again = await runInit(env);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual(first);
    expect(gateway.calls.slice(callsBefore)).toEqual(['GET /readyz', `GET /admin/projects/${first.project_id}`]);
  });

  it('when the remembered project is gone, then it creates a new one', async () => {
    const first = JSON.parse((await runInit(env)).stdout);
    gateway.projects.delete(first.project_id);
    const again = JSON.parse((await runInit(env)).stdout);
    expect(again.project_id).not.toBe(first.project_id);
  });

  it('when the admin token is wrong, then it fails with the gateway answer', async () => {
    const res = await runInit({ ...env, ADMIN_TOKEN: 'wrong-token-0123456789' });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('401');
    expect(fs.existsSync(env.STATE_FILE)).toBe(false);
  });
});
