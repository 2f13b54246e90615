// Strategic-merge patch, the part the k8s/ patches use: maps merge recursively, `null` deletes a
// field, and the lists Kubernetes declares with a merge key are merged item by item on that key;
// every other list is replaced whole (as for NetworkPolicy `ingress`/`egress`, `args`, `command`).
// Patch directives (`$patch`, `$retainKeys`, ...) are not supported and throw.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The merge key of a list field, given the path of field names leading to it. */
function mergeKeyOf(pathToList: string[]): string | undefined {
  const field = pathToList[pathToList.length - 1];
  const parent = pathToList[pathToList.length - 2];
  switch (field) {
    case 'containers':
    case 'initContainers':
    case 'ephemeralContainers':
    case 'volumes':
    case 'env':
    case 'imagePullSecrets':
      return 'name';
    case 'volumeMounts':
      return 'mountPath';
    case 'ports':
      // Container ports merge on containerPort; Service ports on port.
      return parent === 'containers' || parent === 'initContainers' ? 'containerPort' : parent === 'spec' ? 'port' : undefined;
    default:
      return undefined;
  }
}

function mergeList(target: Json[], patch: Json[], key: string, at: string[]): Json[] {
  const out = [...target];
  for (const item of patch) {
    if (!isObject(item) || item[key] === undefined) throw new Error(`patch list ${at.join('.')} item without merge key ${key}`);
    const i = out.findIndex((t) => isObject(t) && t[key] === item[key]);
    if (i >= 0) out[i] = mergeValue(out[i], item, at);
    else out.push(structuredClone(item));
  }
  return out;
}

function mergeValue(target: Json, patch: Json, at: string[]): Json {
  if (isObject(target) && isObject(patch)) {
    const out: JsonObject = { ...target };
    for (const [k, v] of Object.entries(patch)) {
      if (k.startsWith('$')) throw new Error(`patch directive ${k} at ${at.join('.')} is not supported by the test renderer`);
      if (v === null) delete out[k];
      else out[k] = k in out ? mergeValue(out[k], v, [...at, k]) : structuredClone(v);
    }
    return out;
  }
  if (Array.isArray(target) && Array.isArray(patch)) {
    const key = mergeKeyOf(at.filter((s) => s !== '[]'));
    return key ? mergeList(target, patch, key, [...at, '[]']) : structuredClone(patch);
  }
  return structuredClone(patch);
}

/** Returns `target` with `patch` applied; neither argument is modified. */
export function strategicMerge<T extends object>(target: T, patch: object): T {
  return mergeValue(target as unknown as Json, patch as unknown as Json, []) as unknown as T;
}
