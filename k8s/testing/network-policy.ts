// Evaluates NetworkPolicy objects the way the Kubernetes API defines them, for the reachability
// tests: a connection is allowed when the source's egress AND the destination's ingress allow it.
// A direction is open for a pod that no policy of that type selects; otherwise the union of the
// selecting policies' rules decides. Covers podSelector, namespaceSelector (matchLabels,
// matchExpressions In/NotIn/Exists/DoesNotExist), ipBlock (as "outside the cluster") and ports.
import type { K8sObject } from './render-kustomization';

export interface Pod {
  namespace: string;
  labels: Record<string, string>;
}
/** A peer: a pod in the cluster, or an address outside it. */
export type Peer = Pod | { external: true };

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}
interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface Rule {
  from?: PolicyPeer[];
  to?: PolicyPeer[];
  ports?: { port?: number | string; protocol?: string; endPort?: number }[];
}
interface PolicySpec {
  podSelector: LabelSelector;
  policyTypes?: ('Ingress' | 'Egress')[];
  ingress?: Rule[];
  egress?: Rule[];
}

export function matchesSelector(selector: LabelSelector, labels: Record<string, string>): boolean {
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return key in labels && values.includes(labels[key]);
      case 'NotIn':
        return !(key in labels) || !values.includes(labels[key]);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
    }
  });
  return byLabels && byExpressions;
}

const isPod = (p: Peer): p is Pod => !('external' in p);
const namespaceLabels = (ns: string) => ({ 'kubernetes.io/metadata.name': ns });

function peerMatches(rulePeer: PolicyPeer, policyNamespace: string, peer: Peer): boolean {
  if (rulePeer.ipBlock) return !isPod(peer); // the tests use ipBlock only for addresses outside the cluster
  if (!isPod(peer)) return false;
  const nsOk = rulePeer.namespaceSelector
    ? matchesSelector(rulePeer.namespaceSelector, namespaceLabels(peer.namespace))
    : peer.namespace === policyNamespace;
  const podOk = rulePeer.podSelector ? matchesSelector(rulePeer.podSelector, peer.labels) : true;
  return nsOk && podOk;
}

function ruleAllows(rule: Rule, peers: PolicyPeer[] | undefined, policyNamespace: string, peer: Peer, port: number, protocol: string) {
  const peerOk = !peers || peers.length === 0 || peers.some((p) => peerMatches(p, policyNamespace, peer));
  const portOk =
    !rule.ports ||
    rule.ports.length === 0 ||
    rule.ports.some((p) => (p.protocol ?? 'TCP') === protocol && (p.port === undefined || (typeof p.port === 'number' && port >= p.port && port <= (p.endPort ?? p.port))));
  return peerOk && portOk;
}

function typesOf(spec: PolicySpec): string[] {
  return spec.policyTypes ?? (spec.egress ? ['Ingress', 'Egress'] : ['Ingress']);
}

function directionAllows(policies: K8sObject[], self: Pod, other: Peer, port: number, protocol: string, direction: 'Ingress' | 'Egress'): boolean {
  const selecting = policies.filter((p) => {
    const spec = p.spec as PolicySpec;
    return p.metadata.namespace === self.namespace && typesOf(spec).includes(direction) && matchesSelector(spec.podSelector, self.labels);
  });
  if (selecting.length === 0) return true;
  return selecting.some((p) => {
    const spec = p.spec as PolicySpec;
    const rules = (direction === 'Ingress' ? spec.ingress : spec.egress) ?? [];
    return rules.some((r) => ruleAllows(r, direction === 'Ingress' ? r.from : r.to, p.metadata.namespace!, other, port, protocol));
  });
}

/** Whether `from` may open a connection to `to` on `port` under the given NetworkPolicies. */
export function canConnect(policies: K8sObject[], from: Peer, to: Peer, port: number, protocol = 'TCP'): boolean {
  const nps = policies.filter((p) => p.kind === 'NetworkPolicy');
  const egressOk = !isPod(from) || directionAllows(nps, from, to, port, protocol, 'Egress');
  const ingressOk = !isPod(to) || directionAllows(nps, to, from, port, protocol, 'Ingress');
  return egressOk && ingressOk;
}
