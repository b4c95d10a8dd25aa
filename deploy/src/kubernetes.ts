import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { parseAllDocuments } from 'yaml';
import { WORKSPACE_ROOT } from './workspace';

/** deploy/kubernetes: a kustomize base, its overlays and optional components. */
export const KUBERNETES_ROOT = path.join(WORKSPACE_ROOT, 'deploy', 'kubernetes');
export const OVERLAYS = ['staging', 'production'] as const;
export type Overlay = (typeof OVERLAYS)[number];

/** Any object of a rendering; the checks narrow it by kind. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
}

function parseObjects(text: string, source: string): KubeObject[] {
  return parseAllDocuments(text).flatMap((document) => {
    if (document.errors.length) throw new Error(`${source}: ${document.errors[0].message}`);
    const object = document.toJS() as KubeObject | null;
    return object ? [object] : [];
  });
}

function kustomize(dir: string): string {
  return execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * An overlay as the cluster would receive it (`kubectl kustomize`, no cluster needed). Components not
 * yet enabled (components/media-worker) are rendered inside the overlay, as enabling them will do:
 * the tree is copied aside and the copy's overlay lists them, so the overlay's images, namespace and
 * generated names apply to them as well.
 */
export function renderOverlay(overlay: Overlay, components: string[] = []): KubeObject[] {
  if (!components.length) {
    const dir = path.join(KUBERNETES_ROOT, 'overlays', overlay);
    return parseObjects(kustomize(dir), dir);
  }
  const copy = mkdtempSync(path.join(tmpdir(), 'chitram-kustomize-'));
  try {
    cpSync(KUBERNETES_ROOT, copy, { recursive: true });
    const kustomization = path.join(copy, 'overlays', overlay, 'kustomization.yaml');
    const listed = components.map((name) => `  - ../../components/${name}\n`).join('');
    appendFileSync(kustomization, `\ncomponents:\n${listed}`);
    return parseObjects(kustomize(path.dirname(kustomization)), `${overlay} with ${components.join(', ')}`);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

export function ofKind<T>(objects: KubeObject[], kind: string): Array<T & KubeObject> {
  return objects.filter((object) => object.kind === kind) as Array<T & KubeObject>;
}

export function podSpec(deployment: IDeployment): IPodSpec {
  const spec = deployment.spec?.template.spec;
  if (!spec) throw new Error(`Deployment ${deployment.metadata?.name} has no pod template`);
  return spec;
}

export function podLabels(deployment: IDeployment): Record<string, string> {
  return deployment.spec?.template.metadata?.labels ?? {};
}

/** The container that runs the app: by convention the one named after its Deployment. */
export function mainContainer(deployment: IDeployment): IContainer {
  const name = deployment.metadata?.name;
  const found = podSpec(deployment).containers.find((c) => c.name === name);
  if (!found) throw new Error(`Deployment ${name} has no container named ${name}`);
  return found;
}

export function allContainers(deployment: IDeployment): IContainer[] {
  const spec = podSpec(deployment);
  return [...(spec.initContainers ?? []), ...spec.containers];
}

/** What an environment variable is set from: a value written in the manifests, or a Secret's key. */
export type EnvSource = { value: string } | { secret: string; key: string };

/** A container's environment, from its ConfigMaps (envFrom, configMapKeyRef), values and secretKeyRefs. */
export function containerEnv(container: IContainer, objects: KubeObject[]): Map<string, EnvSource> {
  const configMap = (name: string) => {
    const found = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name);
    if (!found) throw new Error(`container ${container.name} reads ConfigMap ${name}, which is not rendered`);
    return (found.data ?? {}) as Record<string, string>;
  };
  const env = new Map<string, EnvSource>();
  for (const source of container.envFrom ?? []) {
    if (!source.configMapRef) {
      // A whole Secret as environment hides which keys the app needs; each key is named instead.
      throw new Error(`container ${container.name}: envFrom may name ConfigMaps only`);
    }
    for (const [key, value] of Object.entries(configMap(source.configMapRef.name ?? ''))) {
      env.set(`${source.prefix ?? ''}${key}`, { value });
    }
  }
  for (const variable of container.env ?? []) {
    const from = variable.valueFrom;
    if (from?.secretKeyRef) {
      env.set(variable.name, { secret: from.secretKeyRef.name ?? '', key: from.secretKeyRef.key });
    } else if (from?.configMapKeyRef) {
      const { name = '', key } = from.configMapKeyRef;
      env.set(variable.name, { value: configMap(name)[key] ?? '' });
    } else if (from)
      throw new Error(`container ${container.name}: ${variable.name} has an unsupported source`);
    else env.set(variable.name, { value: variable.value ?? '' });
  }
  return env;
}

/** The values written in the manifests (what a Secret supplies is left out). */
export function writtenValues(env: Map<string, EnvSource>): Record<string, string> {
  return Object.fromEntries([...env].flatMap(([name, s]) => ('value' in s ? [[name, s.value]] : [])));
}

/** A port as a probe, Service or policy names it (number or container port name) → the number. */
export function resolvePort(container: IContainer, port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port;
  if (port === undefined) return undefined;
  if (/^\d+$/.test(port)) return Number(port);
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

/** Label selectors as these manifests write them: matchLabels only (anything else is refused). */
export function selects(
  selector: { matchLabels?: Record<string, string>; matchExpressions?: unknown[] } | undefined,
  labels: Record<string, string>,
): boolean {
  if (selector?.matchExpressions?.length)
    throw new Error('matchExpressions are not understood by these checks');
  return Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
}

const CPU_UNITS: Record<string, number> = { m: 1e-3, '': 1 };
const MEMORY_UNITS: Record<string, number> = {
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
};

/** A resource quantity ("250m", "2", "512Mi") as a number of cores or bytes. */
export function quantity(value: string | number, resource: 'cpu' | 'memory'): number {
  const match = /^(\d+(?:\.\d+)?)([a-zA-Z]*)$/.exec(String(value));
  const factor = match ? (resource === 'cpu' ? CPU_UNITS : MEMORY_UNITS)[match[2]] : undefined;
  if (!match || factor === undefined) throw new Error(`not a ${resource} quantity: ${value}`);
  return Number(match[1]) * factor;
}
