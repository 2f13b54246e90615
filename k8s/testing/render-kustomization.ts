// A small kustomize renderer for the tests (no kustomize binary is assumed on a developer's machine
// or in CI). It supports exactly what k8s/ uses and throws on anything else, so a kustomization
// cannot silently render differently here than with `kubectl kustomize`:
//   Kustomization and Component files with the fields
//     resources   files (one or more YAML documents) and directories holding a Kustomization
//     components  directories holding a Component
//     namespace   set on every namespaced object
//     images      name → newName / newTag / digest, on containers and initContainers of pod templates
//     patches     `path:` to strategic-merge patches (one or more documents), each matched by kind + name
// Order as in kustomize: resources, then each component (its resources join, then its transformers
// run over everything accumulated), then this kustomization's patches, namespace, images.
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { strategicMerge } from './strategic-merge';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

interface ImageRule {
  name: string;
  newName?: string;
  newTag?: string;
  digest?: string;
}

interface KustomizationFile {
  apiVersion: string;
  kind: 'Kustomization' | 'Component';
  resources?: string[];
  components?: string[];
  namespace?: string;
  images?: ImageRule[];
  patches?: { path: string }[];
}

const SUPPORTED_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'components', 'namespace', 'images', 'patches']);
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'PersistentVolume', 'StorageClass', 'PriorityClass']);

export function readYamlObjects(file: string): K8sObject[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8'))
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0].message}`);
      return doc.toJS() as K8sObject | null;
    })
    .filter((o): o is K8sObject => o !== null);
}

function readKustomization(dir: string, expectedKind: KustomizationFile['kind']): KustomizationFile {
  const file = path.join(dir, 'kustomization.yaml');
  const [spec] = readYamlObjects(file) as unknown as KustomizationFile[];
  const unsupported = Object.keys(spec).filter((k) => !SUPPORTED_FIELDS.has(k));
  if (unsupported.length > 0) throw new Error(`${file}: fields not supported by the test renderer: ${unsupported.join(', ')}`);
  if (spec.kind !== expectedKind) throw new Error(`${file}: expected kind ${expectedKind}, found ${spec.kind}`);
  for (const p of spec.patches ?? []) {
    const extra = Object.keys(p).filter((k) => k !== 'path');
    if (extra.length > 0) throw new Error(`${file}: only \`patches: - path:\` is supported (found ${extra.join(', ')})`);
  }
  return spec;
}

export const idOf = (o: K8sObject) => `${o.kind}/${o.metadata.namespace ?? '~'}/${o.metadata.name}`;

function addUnique(into: K8sObject[], objects: K8sObject[], origin: string): void {
  for (const o of objects) {
    if (into.some((x) => x.apiVersion === o.apiVersion && idOf(x) === idOf(o))) {
      throw new Error(`${origin}: ${idOf(o)} is declared twice`);
    }
    into.push(o);
  }
}

function resourcesOf(dir: string, spec: KustomizationFile): K8sObject[] {
  const out: K8sObject[] = [];
  for (const entry of spec.resources ?? []) {
    const target = path.resolve(dir, entry);
    addUnique(out, fs.statSync(target).isDirectory() ? build(target, 'Kustomization') : readYamlObjects(target), dir);
  }
  return out;
}

function applyPatches(dir: string, spec: KustomizationFile, objects: K8sObject[]): K8sObject[] {
  let result = objects;
  for (const { path: file } of spec.patches ?? []) {
    for (const patch of readYamlObjects(path.resolve(dir, file))) {
      const matches = result.filter(
        (o) => o.kind === patch.kind && o.metadata.name === patch.metadata.name && (!patch.metadata.namespace || o.metadata.namespace === patch.metadata.namespace),
      );
      if (matches.length !== 1) throw new Error(`${file}: patch ${patch.kind}/${patch.metadata.name} matches ${matches.length} objects`);
      result = result.map((o) => (o === matches[0] ? (strategicMerge(o, patch) as K8sObject) : o));
    }
  }
  return result;
}

function setNamespace(namespace: string | undefined, objects: K8sObject[]): K8sObject[] {
  if (!namespace) return objects;
  return objects.map((o) => (CLUSTER_SCOPED.has(o.kind) ? o : { ...o, metadata: { ...o.metadata, namespace } }));
}

/** `registry/name:tag@digest` → [name, suffix], as kustomize splits an image reference. */
function splitImage(image: string): [string, string] {
  const at = image.indexOf('@');
  const beforeDigest = at >= 0 ? image.slice(0, at) : image;
  const colon = beforeDigest.lastIndexOf(':');
  const cut = colon > beforeDigest.lastIndexOf('/') ? colon : at >= 0 ? at : image.length;
  return [image.slice(0, cut), image.slice(cut)];
}

function retag(image: string, rules: ImageRule[]): string {
  const [name, suffix] = splitImage(image);
  const rule = rules.find((r) => r.name === name);
  if (!rule) return image;
  const tag = rule.digest ? `@${rule.digest}` : rule.newTag ? `:${rule.newTag}` : suffix;
  return `${rule.newName ?? name}${tag}`;
}

type PodSpecLike = { containers?: { image?: string }[]; initContainers?: { image?: string }[] };

/** The pod spec inside a workload (Deployment, StatefulSet, Job, CronJob...) or a Pod, if any. */
export function podSpecOf(o: K8sObject): PodSpecLike | undefined {
  type Spec = PodSpecLike & { template?: { spec?: PodSpecLike }; jobTemplate?: { spec?: { template?: { spec?: PodSpecLike } } } };
  const spec = o.spec as Spec | undefined;
  if (!spec) return undefined;
  if (o.kind === 'Pod') return spec;
  if (o.kind === 'CronJob') return spec.jobTemplate?.spec?.template?.spec;
  return spec.template?.spec;
}

function setImages(rules: ImageRule[] | undefined, objects: K8sObject[]): K8sObject[] {
  if (!rules?.length) return objects;
  return objects.map((o) => {
    const copy = structuredClone(o);
    const pod = podSpecOf(copy);
    for (const c of [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])]) {
      if (c.image) c.image = retag(c.image, rules);
    }
    return copy;
  });
}

function transform(dir: string, spec: KustomizationFile, objects: K8sObject[]): K8sObject[] {
  return setImages(spec.images, setNamespace(spec.namespace, applyPatches(dir, spec, objects)));
}

function applyComponent(dir: string, accumulated: K8sObject[]): K8sObject[] {
  const spec = readKustomization(dir, 'Component');
  let all = [...accumulated];
  addUnique(all, resourcesOf(dir, spec), dir);
  for (const c of spec.components ?? []) all = applyComponent(path.resolve(dir, c), all);
  return transform(dir, spec, all);
}

function build(dir: string, kind: KustomizationFile['kind']): K8sObject[] {
  const spec = readKustomization(dir, kind);
  let all = resourcesOf(dir, spec);
  for (const c of spec.components ?? []) all = applyComponent(path.resolve(dir, c), all);
  return transform(dir, spec, all);
}

/** Renders the Kustomization in `dir` like `kustomize build dir` (within the subset above). */
export function renderKustomization(dir: string): K8sObject[] {
  return build(path.resolve(dir), 'Kustomization');
}
