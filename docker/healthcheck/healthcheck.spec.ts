// The images' HEALTHCHECK scripts, run as the container runs them, against a real gRPC server of
// the service kit (grpc.health.v1) and a plain HTTP server standing in for the gateway.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { createLogger, startRpcServer, type RpcServer } from '@herald/service-kit';

/** A port nothing listens on (taken, then released). */
function unusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function runScript(script: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(__dirname, script)], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('grpc-health.cjs', () => {
  let ready = true;
  let server: RpcServer;
  beforeAll(async () => {
    server = await startRpcServer({ routes: () => undefined, port: 0, host: '127.0.0.1', logger: createLogger('test', 'silent'), isReady: async () => ready });
  });
  afterAll(() => server.close());

  it('when the service reports SERVING, then the check passes', async () => {
    ready = true;
    expect(await runScript('grpc-health.cjs', { PORT: String(server.port) })).toEqual({ code: 0, stderr: '' });
  });

  it('when the service reports NOT_SERVING, then the check fails', async () => {
    ready = false;
    const res = await runScript('grpc-health.cjs', { PORT: String(server.port) });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('status 2');
  });

  it('when nothing listens, then the check fails', async () => {
    const res = await runScript('grpc-health.cjs', { PORT: String(await unusedPort()) });
    expect(res.code).toBe(1);
  });
});

describe('http-health.cjs', () => {
  let status = 200;
  const server = http.createServer((req, res) => {
    res.statusCode = req.url === '/healthz' ? status : 404;
    res.end();
  });
  beforeAll(() => new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r())));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const port = () => String((server.address() as AddressInfo).port);

  it('when /healthz answers 200, then the check passes', async () => {
    status = 200;
    expect((await runScript('http-health.cjs', { PORT: port() })).code).toBe(0);
  });

  it('when /healthz answers 503, then the check fails', async () => {
    status = 503;
    const res = await runScript('http-health.cjs', { PORT: port() });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('503');
  });
});
