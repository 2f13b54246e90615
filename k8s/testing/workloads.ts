// Read-only views over rendered objects for the invariant tests, typed with kubernetes-models.
import fs from 'node:fs';
import path from 'node:path';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import type { K8sObject } from './render-kustomization';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const HERALD_APPS = ['gateway', 'recipient-service', 'preference-service', 'delivery-service'] as const;
export type HeraldApp = (typeof HERALD_APPS)[number];

export interface Workload {
  object: K8sObject;
  template: IPodTemplateSpec & { metadata: { labels: Record<string, string> } };
  pod: IPodSpec;
}

export function workloads(objects: K8sObject[]): Workload[] {
  return objects
    .filter((o) => ['Deployment', 'StatefulSet', 'DaemonSet'].includes(o.kind))
    .map((object) => {
      const template = (object.spec as { template: Workload['template'] }).template;
      return { object, template, pod: template.spec as IPodSpec };
    });
}

export function find(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata.name === name);
}

/**
 * The environment a container starts with: literal values, ConfigMap/Secret key references and
 * envFrom ConfigMaps. A Secret that is not rendered (created outside git in prod) yields
 * `placeholder(name, key)` and is recorded in `missingSecrets`.
 */
export function containerEnv(
  container: IContainer,
  objects: K8sObject[],
  placeholder: (secret: string, key: string) => string,
): { env: Record<string, string>; missingSecrets: string[] } {
  const env: Record<string, string> = {};
  const missingSecrets: string[] = [];
  const dataOf = (kind: 'ConfigMap' | 'Secret', name: string): Record<string, string> | undefined => {
    const o = find(objects, kind, name);
    if (!o) return undefined;
    if (kind === 'Secret') {
      const encoded = Object.fromEntries(Object.entries((o.data as Record<string, string>) ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]));
      return { ...encoded, ...((o.stringData as Record<string, string>) ?? {}) };
    }
    return (o.data as Record<string, string>) ?? {};
  };
  for (const from of container.envFrom ?? []) {
    if (!from.configMapRef) throw new Error(`${container.name}: only envFrom configMapRef is expected`);
    const data = dataOf('ConfigMap', from.configMapRef.name!);
    if (!data) throw new Error(`${container.name}: ConfigMap ${from.configMapRef.name} is not rendered`);
    Object.assign(env, data);
  }
  for (const e of container.env ?? []) {
    if (e.value !== undefined) env[e.name] = e.value;
    else if (e.valueFrom?.configMapKeyRef) {
      const ref = e.valueFrom.configMapKeyRef;
      const value = dataOf('ConfigMap', ref.name!)?.[ref.key];
      if (value === undefined) throw new Error(`${container.name}: ConfigMap ${ref.name} has no key ${ref.key}`);
      env[e.name] = value;
    } else if (e.valueFrom?.secretKeyRef) {
      const ref = e.valueFrom.secretKeyRef;
      const data = dataOf('Secret', ref.name!);
      if (ref.optional && data?.[ref.key] === undefined) {
        // an optional key (e.g. SERVICE_TOKEN_SECONDARY outside a rotation): the variable stays unset
      } else if (!data) {
        missingSecrets.push(`${ref.name}/${ref.key}`);
        env[e.name] = placeholder(ref.name!, ref.key);
      } else if (data[ref.key] === undefined) {
        throw new Error(`${container.name}: Secret ${ref.name} has no key ${ref.key}`);
      } else env[e.name] = data[ref.key];
    }
  }
  return { env, missingSecrets };
}

/** The graceful-shutdown budget of the apps, read from the service kit so a change there shows here. */
export function shutdownTimeoutSeconds(): number {
  const source = fs.readFileSync(path.join(repoRoot, 'libs/service-kit/src/shutdown.ts'), 'utf8');
  const match = /timeoutMs\s*=\s*([\d_]+)/.exec(source);
  if (!match) throw new Error('no default timeoutMs in libs/service-kit/src/shutdown.ts');
  return Number(match[1].replace(/_/g, '')) / 1000;
}

/** Seconds a container's preStop hook waits (`sleep N` exec or the native sleep action). */
export function preStopSeconds(container: IContainer): number {
  const preStop = container.lifecycle?.preStop as { exec?: { command?: string[] }; sleep?: { seconds: number } } | undefined;
  if (preStop?.sleep) return preStop.sleep.seconds;
  const cmd = preStop?.exec?.command ?? [];
  return cmd[0] === 'sleep' ? Number(cmd[1]) : 0;
}
