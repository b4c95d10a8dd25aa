import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import type { INetworkPolicyIngressRule } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyIngressRule';
import type { INetworkPolicyPort } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPort';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { resolvePort, selects } from './kubernetes';

/** A pod of the apps' namespace, as NetworkPolicies see it: its labels and the ports it names. */
export interface Pod {
  labels: Record<string, string>;
  container: IContainer;
}

type Direction = 'Ingress' | 'Egress';

/** The directions a policy isolates: its policyTypes, or as the API defaults them. */
function directions(policy: INetworkPolicy): Direction[] {
  const declared = policy.spec?.policyTypes;
  if (declared?.length) return declared;
  return policy.spec?.egress ? ['Ingress', 'Egress'] : ['Ingress'];
}

/** Policies that isolate `pod` in `direction`. */
export function isolating(policies: INetworkPolicy[], pod: Pod, direction: Direction): INetworkPolicy[] {
  return policies.filter(
    (p) => directions(p).includes(direction) && selects(p.spec?.podSelector, pod.labels),
  );
}

/**
 * Whether a peer names `other`, a pod of the same namespace. A namespaceSelector or an ipBlock names
 * addresses elsewhere: pod addresses are not known before a cluster runs, so they never count here.
 */
function namesPod(peer: INetworkPolicyPeer, other: Pod): boolean {
  if (peer.namespaceSelector || peer.ipBlock) return false;
  return selects(peer.podSelector, other.labels);
}

function portMatches(ports: INetworkPolicyPort[] | undefined, destination: Pod, port: number): boolean {
  if (!ports?.length) return true;
  return ports.some((p) => p.port === undefined || resolvePort(destination.container, p.port) === port);
}

/**
 * Whether the policies let `from` open a connection to `to` on `port`, both pods of the namespace:
 * the sender's egress and the receiver's ingress must both allow it (a pod no policy isolates in a
 * direction is open in it).
 */
export function allowsConnection(policies: INetworkPolicy[], from: Pod, to: Pod, port: number): boolean {
  const egress = isolating(policies, from, 'Egress');
  const egressOk =
    egress.length === 0 ||
    egress.some((p) =>
      (p.spec?.egress ?? []).some(
        (rule) =>
          (!rule.to?.length || rule.to.some((peer) => namesPod(peer, to))) &&
          portMatches(rule.ports, to, port),
      ),
    );
  const ingress = isolating(policies, to, 'Ingress');
  const ingressOk =
    ingress.length === 0 ||
    ingress.some((p) =>
      (p.spec?.ingress ?? []).some(
        (rule) =>
          (!rule.from?.length || rule.from.some((peer) => namesPod(peer, from))) &&
          portMatches(rule.ports, to, port),
      ),
    );
  return egressOk && ingressOk;
}

/**
 * The ingress rules that admit traffic from outside the namespace (other namespaces, address blocks,
 * or anyone) to `pod`: the ways in from beyond the apps.
 */
export function waysInFromOutside(
  policies: INetworkPolicy[],
  pod: Pod,
  allowed: (rule: INetworkPolicyIngressRule) => boolean = () => false,
): string[] {
  const isolated = isolating(policies, pod, 'Ingress');
  if (!isolated.length) return ['no policy isolates its ingress'];
  return isolated.flatMap((p) =>
    (p.spec?.ingress ?? [])
      .filter(
        (rule) =>
          (!rule.from?.length || rule.from.some((peer) => peer.namespaceSelector || peer.ipBlock)) &&
          !allowed(rule),
      )
      .map(() => `policy ${p.metadata?.name}`),
  );
}

/** The namespace and pods of the cluster's Prometheus (components/monitoring), and the ports it scrapes. */
export const PROMETHEUS_PEER = {
  namespace: 'monitoring',
  pods: { 'app.kubernetes.io/name': 'prometheus' },
  ports: [8080, 9464],
};

/** A way in for Prometheus alone (its namespace and pods), to the metrics ports alone. */
export function isPrometheusScrape(rule: INetworkPolicyIngressRule): boolean {
  const peers = rule.from ?? [];
  const ports = rule.ports ?? [];
  return (
    peers.length > 0 &&
    peers.every(
      (peer) =>
        peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === PROMETHEUS_PEER.namespace &&
        Object.entries(PROMETHEUS_PEER.pods).every(([k, v]) => peer.podSelector?.matchLabels?.[k] === v) &&
        !peer.ipBlock,
    ) &&
    ports.length > 0 &&
    ports.every((p) => typeof p.port === 'number' && PROMETHEUS_PEER.ports.includes(p.port))
  );
}
