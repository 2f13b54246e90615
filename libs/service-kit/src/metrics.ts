import http from 'node:http';
import { AddressInfo } from 'node:net';
import { Registry, collectDefaultMetrics, Histogram } from 'prom-client';

export interface Metrics {
  registry: Registry;
  rpcDuration: Histogram<'method' | 'code'>;
}

/** One registry per process: Node defaults plus RPC latency by method and outcome code. */
export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const rpcDuration = new Histogram({
    name: 'herald_rpc_server_duration_seconds',
    help: 'Duration of handled RPCs, by method and Connect code',
    labelNames: ['method', 'code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return { registry, rpcDuration };
}

/** Serves `GET /metrics` (Prometheus text format) on its own port. */
export async function startMetricsServer(registry: Registry, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/metrics') {
      registry.metrics().then(
        (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
        () => res.writeHead(500).end(),
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}

export function portOf(server: { address(): AddressInfo | string | null }): number {
  return (server.address() as AddressInfo).port;
}
