import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connectNats } from '@herald/service-kit';
import { eventually } from '@herald/testing';

// Test infrastructure (tools/infra) is plain CommonJS outside the Nx projects, shared with npm start.
// eslint-disable-next-line @typescript-eslint/no-require-imports, @nx/enforce-module-boundaries
const infra = require('../../../../tools/infra/index.cjs') as {
  freePort(): Promise<number>;
  spawnLogged(name: string, cmd: string, args: string[], opts: { logDir: string }): ChildProcess;
  waitForPort(port: number, timeoutMs?: number, host?: string, child?: ChildProcess | null): Promise<void>;
  stopChild(child: ChildProcess): Promise<void>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports, @nx/enforce-module-boundaries
const binaries = require('../../../../tools/infra/binaries.cjs') as { ensureNatsServer(log?: (m: string) => void): string | null };

/**
 * nats-servers with JetStream on local ports (three by default, named `n0`, `n1`, …: what JetStream
 * reports as a stream's leader), routed to each other as one cluster, each with its own store
 * directory; without authorization (every connection may do anything).
 */
export interface NatsCluster {
  /** The client URLs, comma-separated (as NATS_URL takes them). */
  url: string;
  /** The node a client connection of that name (`connectNats`'s name) is on, from the nodes' monitoring `/connz`; undefined when none. */
  nodeOf(connectionName: string): Promise<string | undefined>;
  /** SIGKILLs a node and waits until it is gone. */
  kill(name: string): Promise<void>;
  /** Starts a killed node again, on its ports and with its store. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

const CLUSTER_NAME = 'herald-test';

export async function startNatsCluster(size = 3): Promise<NatsCluster> {
  const bin = binaries.ensureNatsServer(() => undefined);
  if (!bin) throw new Error('nats-server is not installed (see tools/infra/binaries.cjs)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-nats-cluster-'));
  const logDir = path.join(dataDir, 'logs');
  const names = Array.from({ length: size }, (_, i) => `n${i}`);
  const nodes = await Promise.all(names.map(async (name) => ({ name, client: await infra.freePort(), route: await infra.freePort(), monitor: await infra.freePort() })));
  const routes = nodes.map((n) => `nats://127.0.0.1:${n.route}`).join(',');
  const children = new Map<string, ChildProcess>();

  const start = async (name: string) => {
    const node = nodes.find((n) => n.name === name)!;
    const args = [
      '-js',
      '--server_name', name,
      '-sd', path.join(dataDir, name),
      '-a', '127.0.0.1',
      '-p', String(node.client),
      '-m', String(node.monitor),
      '--cluster_name', CLUSTER_NAME,
      '--cluster', `nats://127.0.0.1:${node.route}`,
      '--routes', routes,
    ];
    const child = infra.spawnLogged(`nats-${name}`, bin, args, { logDir });
    children.set(name, child);
    await infra.waitForPort(node.client, 30_000, '127.0.0.1', child);
  };

  const stop = async () => {
    await Promise.all([...children.values()].map((c) => infra.stopChild(c)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const url = nodes.map((n) => `nats://127.0.0.1:${n.client}`).join(',');
  try {
    await Promise.all(names.map(start));
    await untilStreamsCanBePlaced(url, size);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    async nodeOf(connectionName) {
      for (const node of nodes) {
        const connz = await fetch(`http://127.0.0.1:${node.monitor}/connz?limit=1024`).then((r) => r.json() as Promise<{ connections?: { name?: string }[] }>, () => null);
        if (connz?.connections?.some((c) => c.name === connectionName)) return node.name;
      }
      return undefined;
    },
    async kill(name) {
      const child = children.get(name)!;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    },
    restart: start,
    stop,
  };
}

/**
 * Waits until the servers have elected their JetStream meta leader and all of them take part: a
 * stream with `size` replicas can be created (and is deleted again).
 */
async function untilStreamsCanBePlaced(url: string, size: number): Promise<void> {
  const nc = await connectNats(url, 'nats-cluster-probe');
  try {
    await eventually('the JetStream cluster places a replicated stream', async () => {
        const jsm = await jetstreamManager(nc);
        await jsm.streams.add({ name: 'CLUSTER_PROBE', subjects: ['cluster.probe'], num_replicas: size });
        return jsm.streams.delete('CLUSTER_PROBE');
      }, { timeoutMs: 60_000 }
    );
  } finally {
    await nc.close();
  }
}
