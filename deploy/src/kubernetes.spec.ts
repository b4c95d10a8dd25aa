// deploy/kubernetes checked against the workspace, with no cluster and no network: each overlay is
// rendered by `kubectl kustomize`, validated against the API schemas, and held to what the apps are:
// every app runs, from the image its Dockerfile builds, with the variables its configuration class
// demands in production, probed where it serves health, locked down, sized, reachable only as the
// architecture says. Apps and config classes are found by convention, so a new app or variable is
// covered without editing this file. The media-worker component, not enabled yet, is checked too.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describeConfig, jobStreamName } from '@chitram/nest-kit';
import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import type { IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import type { IService } from 'kubernetes-models/v1/Service';
import { parse, parseAllDocuments } from 'yaml';
import { finalStage, imageUser } from './compose';
import {
  KUBERNETES_ROOT,
  OVERLAYS,
  allContainers,
  containerEnv,
  mainContainer,
  ofKind,
  podLabels,
  podSpec,
  quantity,
  renderOverlay,
  resolvePort,
  selects,
  writtenValues,
  type EnvSource,
  type KubeObject,
  type Overlay,
} from './kubernetes';
import { backendConfigProblems, webServerSettings, type WebServerSettings } from './kubernetes-config';
import {
  allowsConnection,
  isPrometheusScrape,
  PROMETHEUS_PEER,
  waysInFromOutside,
  type Pod,
} from './kubernetes-network';
import { schemaProblems } from './kubernetes-schemas';
import {
  DOCKERFILE_BY_KIND,
  WORKSPACE_ROOT,
  loadConfigClass,
  workspaceApps,
  type ConfigClass,
  type WorkspaceApp,
} from './workspace';

const apps = workspaceApps();
const appNamed = new Map(apps.map((app) => [app.name, app]));
const backendApps = apps.filter((app) => app.kind !== 'frontend');
const serviceApps = apps.filter((app) => app.kind === 'service');

const WORKER = 'media-worker';
const WORKER_ENTRY = path.join(WORKSPACE_ROOT, 'services/media/src/worker.ts');
const MIGRATE_COMMAND = ['node', 'dist/migrate.js'];
const WORKER_COMMAND = ['node', 'dist/worker.js'];
/** The job media's workers take (services/media/src/videos/videos.service.ts), read from its source. */
const TRANSCODE_JOB = /export const TRANSCODE_JOB = '([^']+)'/.exec(
  readFileSync(path.join(WORKSPACE_ROOT, 'services/media/src/videos/videos.service.ts'), 'utf8'),
)![1];
/** Named users an image may run as and their uids (deploy/*.Dockerfile now name theirs by number, `USER uid:gid`). */
const IMAGE_USER_IDS: Record<string, number> = { node: 1000 };
/** Names whose values are credentials or keys: they come from Secrets, never from ConfigMaps. */
const SECRET_NAMES = /(SECRET|PASSWORD|PRIVATE_KEY|TOKEN|ACCESS_KEY|ACCOUNT_SID)/;
/** Connection URLs that carry the app's own credentials for a data store or NATS. */
const CREDENTIAL_URLS = ['DATABASE_URL', 'NATS_URL', 'REDIS_URL'];
/** Variables a browser uses (the public origin), not the pod. */
const BROWSER_FACING = /(ORIGINS|_REMOTE_URL)$/;
/** The egress each variable of a configuration needs, as the pod label the shared policies select. */
const EGRESS_BY_VARIABLE: Record<string, string> = {
  NATS_URL: 'egress.chitram/nats',
  DATABASE_URL: 'egress.chitram/postgres',
  REDIS_URL: 'egress.chitram/redis',
  S3_ENDPOINT: 'egress.chitram/object-storage',
};
/** Public APIs an app calls, and why: the only pods allowed HTTPS to the internet. */
const PUBLIC_APIS: Record<string, string> = {
  auth: 'Twilio Verify (OTP_PROVIDER=twilio)',
  billing: 'Razorpay (PAYMENT_PROVIDER=razorpay)',
  users: "Twilio's Messages API for plan-end reminders (SMS_PROVIDER=twilio, D40)",
};
const INTERNET_LABEL = 'egress.chitram/internet-https';

/** The health paths a service's HTTP health server answers (libs/nest-kit/src/health.ts). */
const SERVICE_HEALTH_PATHS = (() => {
  const source = readFileSync(path.join(WORKSPACE_ROOT, 'libs/nest-kit/src/health.ts'), 'utf8');
  const paths = [...source.matchAll(/req\.url === '([^']+)'/g)].map((m) => m[1]);
  const live = paths.find((p) => p.endsWith('/live'));
  const ready = paths.find((p) => p.endsWith('/ready'));
  if (!live || !ready) throw new Error('libs/nest-kit/src/health.ts: no /live and /ready paths found');
  return { live, ready };
})();

/** The path the gateway image's HEALTHCHECK asks: its liveness, which the liveness probe uses too. */
const GATEWAY_HEALTH_PATH = (() => {
  const dockerfile = readFileSync(path.join(WORKSPACE_ROOT, DOCKERFILE_BY_KIND.gateway), 'utf8');
  const check = finalStage(dockerfile).find((line) => /^HEALTHCHECK\s/i.test(line)) ?? '';
  const found = /\$\{PORT\}(\/[^"\s]*)/.exec(check)?.[1];
  if (!found) throw new Error(`${DOCKERFILE_BY_KIND.gateway}: no HEALTHCHECK URL on \${PORT}`);
  return found;
})();

/** The gateway's readiness (503 from SIGTERM on, while it drains), from its controller's source. */
const GATEWAY_READY_PATH = (() => {
  const source = readFileSync(path.join(WORKSPACE_ROOT, 'gateway/src/health/readiness.ts'), 'utf8');
  const controller = /@Controller\('([^']+)'\)/.exec(source)?.[1];
  const route = /@Get\('([^']+)'\)/.exec(source)?.[1];
  if (!controller || !route) throw new Error('gateway/src/health/readiness.ts: no readiness route found');
  return `/api/${controller}/${route}`;
})();

/** The variables libs/web-server reads, from its source (`merged.PORT`, `readFlag(merged, 'SPA')`). */
const WEB_SERVER_VARIABLES = new Set(
  [
    ...readFileSync(path.join(WORKSPACE_ROOT, 'libs/web-server/config.mjs'), 'utf8').matchAll(
      /(?:\.|')([A-Z][A-Z0-9_]{2,})\b/g,
    ),
  ].map((m) => m[1]),
);

// ---- the renderings and what the checks read from them ----

interface Rendering {
  label: string;
  overlay: Overlay;
  objects: KubeObject[];
}

const workerEnabled = existsSync(WORKER_ENTRY);
const renderings: Rendering[] = OVERLAYS.flatMap((overlay) => [
  { label: overlay, overlay, objects: renderOverlay(overlay) },
  // Until the worker exists the component is not in the overlays; it is rendered into them here.
  ...(workerEnabled
    ? []
    : [{ label: `${overlay} + ${WORKER}`, overlay, objects: renderOverlay(overlay, [WORKER]) }]),
]);
const plain = (overlay: Overlay) => renderings.find((r) => r.label === overlay)!;

const configClasses = new Map<string, ConfigClass>();
beforeAll(async () => {
  for (const app of backendApps) configClasses.set(app.name, await loadConfigClass(app));
});

const deployments = (r: Rendering) => ofKind<IDeployment>(r.objects, 'Deployment');
const services = (r: Rendering) => ofKind<IService>(r.objects, 'Service');
const policies = (r: Rendering) => ofKind<INetworkPolicy>(r.objects, 'NetworkPolicy');
const autoscalers = (r: Rendering) => ofKind<IHorizontalPodAutoscaler>(r.objects, 'HorizontalPodAutoscaler');
const budgets = (r: Rendering) => ofKind<IPodDisruptionBudget>(r.objects, 'PodDisruptionBudget');
const scaledObjects = (r: Rendering) => ofKind<IScaledObject>(r.objects, 'ScaledObject');
const serviceMonitors = (r: Rendering) => ofKind<IServiceMonitor>(r.objects, 'ServiceMonitor');
const claims = (r: Rendering) => ofKind<IPersistentVolumeClaim>(r.objects, 'PersistentVolumeClaim');
const theIngress = (r: Rendering) => {
  const found = ofKind<IIngress>(r.objects, 'Ingress');
  if (found.length !== 1) throw new Error(`${r.label}: expected one Ingress, found ${found.length}`);
  return found[0];
};
const deploymentNamed = (r: Rendering, name: string) => deployments(r).find((d) => d.metadata.name === name);
const asPod = (d: IDeployment): Pod => ({ labels: podLabels(d), container: mainContainer(d) });

interface ImageName {
  registry: string;
  app: string;
  tag: string;
}

/** `<registry>/chitram/<app>:<tag>`, the naming of README.md's "Images". */
function parseImage(image: string | undefined): ImageName | undefined {
  const match = /^(?:(.+)\/)?chitram\/([a-z0-9-]+):([\w.-]+)$/.exec(image ?? '');
  return match ? { registry: match[1] ?? '', app: match[2], tag: match[3] } : undefined;
}

/** The workspace app whose image a Deployment runs (media-worker runs media's). */
function appOf(d: IDeployment): WorkspaceApp {
  const image = parseImage(mainContainer(d).image);
  const app = image && appNamed.get(image.app);
  if (!app) throw new Error(`Deployment ${d.metadata?.name} runs ${mainContainer(d).image}, no app's image`);
  return app;
}

const envOf = (r: Rendering, container: IContainer) => containerEnv(container, r.objects);
const sameEnv = (a: Map<string, EnvSource>, b: Map<string, EnvSource>) =>
  JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/** A Deployment's fewest pods: its HorizontalPodAutoscaler's minimum, a ScaledObject's, or its replicas. */
function fewestPods(r: Rendering, d: IDeployment): number {
  const name = d.metadata?.name;
  const hpa = autoscalers(r).find((h) => h.spec?.scaleTargetRef.name === name);
  if (hpa) return hpa.spec?.minReplicas ?? 1;
  const scaled = scaledObjects(r).find((s) => s.spec.scaleTargetRef.name === name);
  if (scaled) return scaled.spec.minReplicaCount ?? 0;
  return d.spec?.replicas ?? 1;
}

const frontendSettingsCache = new Map<string, Record<string, WebServerSettings>>();
/** Each front end's settings as its web server reads them, by Deployment name. */
function frontendSettings(r: Rendering): Record<string, WebServerSettings> {
  const cached = frontendSettingsCache.get(r.label);
  if (cached) return cached;
  const envs = Object.fromEntries(
    deployments(r)
      .filter((d) => appOf(d).kind === 'frontend')
      .map((d) => [d.metadata.name, writtenValues(envOf(r, mainContainer(d)))]),
  );
  const settings = webServerSettings(envs);
  frontendSettingsCache.set(r.label, settings);
  return settings;
}

/** The Service and Deployment an in-namespace URL names (`http://gateway:3001`), or why it names none. */
function serviceBehind(
  r: Rendering,
  url: URL,
): { service: IService; deployment: IDeployment; port: number } | string {
  const namespace = r.objects.find((o) => o.kind === 'Namespace')?.metadata.name;
  const [name, ns] = url.hostname.split('.');
  if (ns !== undefined && ns !== namespace) return 'outside the namespace';
  const service = services(r).find((s) => s.metadata?.name === name);
  if (!service) return `no Service ${name}`;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const servicePort = service.spec?.ports?.find((p) => p.port === port);
  if (!servicePort) return `Service ${name} has no port ${port}`;
  const deployment = deployments(r).find((d) =>
    selects(service.spec?.selector && { matchLabels: service.spec.selector }, podLabels(d)),
  );
  if (!deployment) return `Service ${name} selects no Deployment`;
  const target = resolvePort(mainContainer(deployment), servicePort.targetPort ?? port);
  if (target === undefined) return `Service ${name} port ${port} targets no container port`;
  return { service, deployment, port: target };
}

/** The http(s) URLs a Deployment's app calls itself (browser-facing ones are the browser's), by variable. */
function serverUrls(r: Rendering, d: IDeployment): Array<[string, string]> {
  return [...envOf(r, mainContainer(d))].flatMap(([key, source]): Array<[string, string]> =>
    'value' in source && !BROWSER_FACING.test(key) && /^https?:\/\//.test(source.value)
      ? [[key, source.value]]
      : [],
  );
}

/** The Deployments of the namespace a Deployment's app calls, by variable. */
function inClusterCalls(
  r: Rendering,
  d: IDeployment,
): Array<[string, { deployment: IDeployment; port: number }]> {
  return serverUrls(r, d).flatMap(
    ([key, value]): Array<[string, { deployment: IDeployment; port: number }]> => {
      const behind = serviceBehind(r, new URL(value));
      return typeof behind === 'string' ? [] : [[key, behind]];
    },
  );
}

/** The Ingress backend a browser URL reaches: its rule's longest matching Prefix path. */
function ingressRoute(ingress: IIngress, url: URL): string | undefined {
  const rule = ingress.spec?.rules?.find((r) => r.host === url.hostname);
  const matching = (rule?.http?.paths ?? [])
    .filter(
      (p) =>
        p.pathType === 'Prefix' &&
        (url.pathname === p.path || url.pathname.startsWith(`${(p.path ?? '/').replace(/\/$/, '')}/`)),
    )
    .sort((a, b) => (b.path ?? '').length - (a.path ?? '').length);
  return matching[0]?.backend.service?.name;
}

function probeProblems(
  where: string,
  container: IContainer,
  port: number,
  paths: Record<'livenessProbe' | 'readinessProbe', string | ((p: string) => boolean)>,
): string[] {
  const found: string[] = [];
  for (const kind of ['livenessProbe', 'readinessProbe'] as const) {
    const expectedPath = paths[kind];
    const probe = container[kind];
    if (!probe?.httpGet) {
      found.push(`${where}: no HTTP ${kind}`);
      continue;
    }
    const probed = resolvePort(container, probe.httpGet.port);
    if (probed !== port)
      found.push(`${where}: ${kind} probes port ${probed}, but the app serves health on ${port}`);
    const pathOk =
      typeof expectedPath === 'string'
        ? probe.httpGet.path === expectedPath
        : expectedPath(probe.httpGet.path ?? '');
    if (!pathOk)
      found.push(`${where}: ${kind} asks ${probe.httpGet.path}, which the app does not answer as expected`);
  }
  const startup = container.startupProbe?.httpGet;
  if (startup && resolvePort(container, startup.port) !== port)
    found.push(`${where}: startupProbe probes another port`);
  if (!container.ports?.some((p) => p.containerPort === port))
    found.push(`${where}: does not declare container port ${port}`);
  return found;
}

describe.each(renderings.map((r) => [r.label, r] as const))(
  'deploy/kubernetes rendered as %s',
  (_label, r) => {
    it('renders objects the Kubernetes and KEDA API schemas accept, all in the overlay’s namespace', () => {
      expect(r.objects.length).toBeGreaterThan(0);
      const namespaces = r.objects.filter((o) => o.kind === 'Namespace').map((o) => o.metadata.name);
      expect(namespaces).toHaveLength(1);
      const elsewhere = r.objects
        .filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== namespaces[0])
        .map((o) => `${o.kind} ${o.metadata.name} is in ${o.metadata.namespace}`);
      expect([...r.objects.flatMap(schemaProblems), ...elsewhere]).toEqual([]);
    });

    it('runs every app of the workspace as a Deployment of its own name', () => {
      expect(apps.map((a) => a.dir)).toEqual(
        expect.arrayContaining(['gateway', 'services/auth', 'frontends/shell']),
      );
      const missing = apps
        .filter((app) => !deploymentNamed(r, app.name))
        .map((app) => `${app.dir} has no Deployment`);
      const strays = deployments(r)
        .filter((d) => d.metadata.name !== appOf(d).name && !d.metadata.name.startsWith(`${appOf(d).name}-`))
        .map((d) => `${d.metadata.name} runs ${appOf(d).name}'s image under another app's name`);
      expect([...missing, ...strays]).toEqual([]);
    });

    it('runs images built by deploy/*.Dockerfile, named <registry>/chitram/<app>:<tag>', () => {
      const problems = deployments(r).flatMap((d) =>
        allContainers(d).flatMap((c) => {
          const where = `${d.metadata.name}/${c.name}`;
          const image = parseImage(c.image);
          if (!image) return [`${where}: ${c.image} is not <registry>/chitram/<app>:<tag>`];
          const app = appNamed.get(image.app);
          if (!app) return [`${where}: chitram/${image.app} is the image of no app`];
          const found: string[] = [];
          const dockerfile = path.join(WORKSPACE_ROOT, DOCKERFILE_BY_KIND[app.kind]);
          if (!existsSync(dockerfile) || !/^ARG APP\b/m.test(readFileSync(dockerfile, 'utf8')))
            found.push(
              `${where}: ${DOCKERFILE_BY_KIND[app.kind]} must exist and take the APP build argument`,
            );
          if (app !== appOf(d)) found.push(`${where}: runs ${app.name}'s image in ${appOf(d).name}'s pod`);
          if (!image.registry)
            found.push(`${where}: ${c.image} names no registry (it would come from Docker Hub)`);
          if (['latest', 'local'].includes(image.tag))
            found.push(`${where}: tag ${image.tag} is not a release`);
          return found;
        }),
      );
      expect(problems).toEqual([]);
    });

    it("migrates each service's database in an init container of its own image and configuration", () => {
      const problems = serviceApps.flatMap((app) => {
        const d = deploymentNamed(r, app.name);
        if (!d) return [];
        const migrate = podSpec(d).initContainers?.find((c) => c.name === 'migrate');
        if (!migrate) return [`${app.name}: no init container "migrate"`];
        const found: string[] = [];
        if (!existsSync(path.join(WORKSPACE_ROOT, app.dir, 'src/migrate.ts')))
          found.push(`${app.dir}/src/migrate.ts is missing`);
        if (JSON.stringify(migrate.command) !== JSON.stringify(MIGRATE_COMMAND))
          found.push(`${app.name}: migrate must run ${MIGRATE_COMMAND.join(' ')}`);
        if (migrate.image !== mainContainer(d).image)
          found.push(`${app.name}: migrate must run the service's image`);
        // migrate.js loads the service's whole configuration, production checks included.
        if (!sameEnv(envOf(r, migrate), envOf(r, mainContainer(d))))
          found.push(`${app.name}: migrate must have the service's environment`);
        return found;
      });
      const elsewhere = deployments(r)
        .filter((d) => appOf(d).kind !== 'service' || d.metadata.name !== appOf(d).name)
        .filter((d) => podSpec(d).initContainers?.some((c) => c.name === 'migrate'))
        .map((d) => `${d.metadata.name} has no migrations to run`);
      expect([...problems, ...elsewhere]).toEqual([]);
    });

    it('gives every back-end container the variables its config class demands in production', () => {
      expect(configClasses.size).toBe(backendApps.length);
      const problems = deployments(r)
        .filter((d) => appOf(d).kind !== 'frontend')
        .flatMap((d) =>
          allContainers(d).flatMap((c) =>
            backendConfigProblems(configClasses.get(appOf(d).name)!, envOf(r, c)).map(
              (p) => `${d.metadata.name}/${c.name}: ${p}`,
            ),
          ),
        );
      expect(problems).toEqual([]);
    });

    it("takes credentials from the app's own Secret by key, never from a ConfigMap", () => {
      const problems = deployments(r).flatMap((d) =>
        allContainers(d).flatMap((c) =>
          [...envOf(r, c)].flatMap(([name, source]): string[] => {
            const where = `${d.metadata.name}/${c.name} ${name}`;
            if ('secret' in source) {
              const own = `${appOf(d).name}-secrets`;
              if (source.secret !== own) return [`${where}: from Secret ${source.secret}, not ${own}`];
              return source.key === name
                ? []
                : [`${where}: from key ${source.key}; name the key after the variable`];
            }
            if (SECRET_NAMES.test(name) || CREDENTIAL_URLS.includes(name))
              return [`${where}: credentials belong in a Secret`];
            return /^[a-z][a-z0-9+.-]*:\/\/[^/\s]*@/i.test(source.value)
              ? [`${where}: a URL with credentials in a ConfigMap`]
              : [];
          }),
        ),
      );
      expect(problems).toEqual([]);
    });

    it('serves each front end with settings its web server accepts, on its container port', () => {
      expect([...WEB_SERVER_VARIABLES]).toEqual(
        expect.arrayContaining(['PORT', 'HOST', 'ROOT', 'API_TARGET']),
      );
      const settings = frontendSettings(r);
      const problems = deployments(r)
        .filter((d) => appOf(d).kind === 'frontend')
        .flatMap((d) => {
          const name = d.metadata.name;
          const env = envOf(r, mainContainer(d));
          const found = [...env]
            .filter(([key, s]) => !WEB_SERVER_VARIABLES.has(key) || 'secret' in s)
            .map(([key]) => `${name}: ${key} is not a setting of libs/web-server`);
          const s = settings[name];
          if (s.error) return [...found, `${name}: ${s.error}`];
          if (s.host !== '0.0.0.0') found.push(`${name}: HOST must be 0.0.0.0 to be reached in the pod`);
          if (resolvePort(mainContainer(d), 'http') !== s.port)
            found.push(`${name}: listens on ${s.port}, not its "http" port`);
          if (name !== 'shell' && s.proxy?.length)
            found.push(`${name}: a remote proxies nothing (API_TARGET=off)`);
          if (name === 'shell' && !s.proxy?.some((p) => p.prefix === '/api'))
            found.push('shell: must proxy /api');
          for (const { target } of s.proxy ?? []) {
            const behind = serviceBehind(r, new URL(target));
            if (typeof behind === 'string') found.push(`${name}: proxies to ${target}: ${behind}`);
            else if (behind.deployment.metadata?.name !== 'gateway')
              found.push(`${name}: proxies to ${target}, not the gateway`);
          }
          return found;
        });
      expect(problems).toEqual([]);
    });

    it('probes each app where it serves health: HEALTH_PORT, the gateway’s PORT, the web server’s port', () => {
      const settings = frontendSettings(r);
      const problems = deployments(r).flatMap((d) => {
        const name = d.metadata.name;
        const container = mainContainer(d);
        const values = writtenValues(envOf(r, container));
        const app = appOf(d);
        if (app.kind === 'service') {
          const port = Number(values.HEALTH_PORT);
          if (!port) return [`${name}: HEALTH_PORT must be set (0 turns health off)`];
          return probeProblems(name, container, port, {
            livenessProbe: SERVICE_HEALTH_PATHS.live,
            readinessProbe: SERVICE_HEALTH_PATHS.ready,
          });
        }
        if (app.kind === 'gateway') {
          return probeProblems(name, container, Number(values.PORT), {
            livenessProbe: GATEWAY_HEALTH_PATH,
            readinessProbe: GATEWAY_READY_PATH,
          });
        }
        const s = settings[name];
        if (s.port === undefined) return [`${name}: its web server does not start`];
        // The shell answers its own routes without the gateway; a remote's probe asks for its entry,
        // which the Ingress check below ties to the URL the shell gives browsers.
        const answers = (p: string) =>
          name === 'shell' ? (s.routes ?? []).includes(p) : p.endsWith('/remoteEntry.js');
        return probeProblems(name, container, s.port, { livenessProbe: answers, readinessProbe: answers });
      });
      expect(problems).toEqual([]);
    });

    it("lets the cluster's Prometheus scrape each back end's /metrics through a ServiceMonitor of its own, and nothing more", () => {
      const problems = deployments(r).flatMap((d) => {
        const name = d.metadata.name;
        const app = appOf(d);
        if (app.kind === 'frontend') return [];
        const container = mainContainer(d);
        const values = writtenValues(envOf(r, container));
        // Where it serves /metrics: a service's health server, the gateway's metrics server.
        const port = Number(app.kind === 'gateway' ? values.METRICS_PORT : values.HEALTH_PORT);
        if (!port)
          return [`${name}: serves no metrics (${app.kind === 'gateway' ? 'METRICS_PORT' : 'HEALTH_PORT'})`];
        const monitor = serviceMonitors(r).find((m) => m.metadata?.name === name);
        if (!monitor) return [`${name}: no ServiceMonitor`];
        const found: string[] = [];
        if (monitor.spec.jobLabel !== 'app.kubernetes.io/name')
          found.push(`${name}: its ServiceMonitor must name the job after the app (jobLabel)`);
        const selected = services(r).filter(
          (s) =>
            selects(
              monitor.spec.selector as { matchLabels?: Record<string, string> },
              s.metadata?.labels ?? {},
            ) && selects({ matchLabels: s.spec?.selector }, podLabels(d)),
        );
        if (selected.length !== 1)
          return [`${name}: its ServiceMonitor selects ${selected.length} of its Services`];
        for (const endpoint of monitor.spec.endpoints ?? []) {
          const servicePort = selected[0].spec?.ports?.find((p) => p.name === endpoint.port);
          const target = servicePort && resolvePort(container, servicePort.targetPort ?? servicePort.port);
          if (target !== port)
            found.push(`${name}: scraped on ${String(target)}, but serves metrics on ${port}`);
          if (endpoint.path !== '/metrics') found.push(`${name}: scraped at ${endpoint.path}`);
        }
        const scrapes = policies(r).filter(
          (p) =>
            selects(p.spec?.podSelector, podLabels(d)) &&
            (p.spec?.ingress ?? []).some(
              (rule) => isPrometheusScrape(rule) && rule.ports?.some((p) => p.port === port),
            ),
        );
        if (!scrapes.length)
          found.push(`${name}: no policy lets ${PROMETHEUS_PEER.namespace}'s Prometheus reach port ${port}`);
        return found;
      });
      expect(problems).toEqual([]);
    });

    it("runs every container as the image's non-root user, read-only, with no privileges or capabilities", () => {
      const problems = deployments(r).flatMap((d) => {
        const name = d.metadata.name;
        const spec = podSpec(d);
        const user = imageUser(
          readFileSync(path.join(WORKSPACE_ROOT, DOCKERFILE_BY_KIND[appOf(d).kind]), 'utf8'),
        );
        const uidPart = user.split(':')[0];
        const uid = IMAGE_USER_IDS[uidPart] ?? (/^\d+$/.test(uidPart) ? Number(uidPart) : undefined);
        const found: string[] = [];
        if (uid === undefined || uid === 0)
          found.push(`${name}: the image's user ${user} has no known non-root uid`);
        const pod = spec.securityContext;
        if (pod?.runAsNonRoot !== true) found.push(`${name}: runAsNonRoot must be true`);
        if (pod?.runAsUser !== uid) found.push(`${name}: runAsUser must be ${uid}, the image's ${user}`);
        if (pod?.seccompProfile?.type !== 'RuntimeDefault')
          found.push(`${name}: seccompProfile must be RuntimeDefault`);
        if (spec.automountServiceAccountToken !== false)
          found.push(`${name}: the apps use no Kubernetes API token`);
        if (spec.hostNetwork || spec.hostPID || spec.hostIPC)
          found.push(`${name}: shares the node's namespaces`);
        const claimed = (v: { persistentVolumeClaim?: { claimName: string } }) =>
          claims(r).some((c) => c.metadata?.name === v.persistentVolumeClaim?.claimName);
        for (const v of spec.volumes ?? [])
          if (!v.emptyDir && !claimed(v))
            found.push(`${name}: volume ${v.name} is neither an emptyDir nor a claim of the overlay`);
        for (const c of allContainers(d)) {
          const sc = c.securityContext;
          const where = `${name}/${c.name}`;
          if (sc?.allowPrivilegeEscalation !== false)
            found.push(`${where}: allowPrivilegeEscalation must be false`);
          if (sc?.readOnlyRootFilesystem !== true)
            found.push(`${where}: readOnlyRootFilesystem must be true`);
          if (!sc?.capabilities?.drop?.includes('ALL')) found.push(`${where}: must drop ALL capabilities`);
          if (sc?.capabilities?.add?.length || sc?.privileged)
            found.push(`${where}: must add no capabilities`);
          if (sc?.runAsUser !== undefined && sc.runAsUser !== uid)
            found.push(`${where}: runs as another user`);
        }
        return found;
      });
      expect(problems).toEqual([]);
    });

    it('mounts one ReadWriteMany claim at VIDEO_UPLOAD_DIR in every media pod, so that any pod takes any upload', () => {
      const media = deployments(r).filter((d) => appOf(d).name === 'media');
      expect(media.length).toBeGreaterThan(0);
      const used = new Set<string>();
      const problems = media.flatMap((d) => {
        const name = d.metadata.name;
        const container = mainContainer(d);
        const dir = writtenValues(envOf(r, container)).VIDEO_UPLOAD_DIR;
        if (!dir || !path.isAbsolute(dir))
          return [`${name}: VIDEO_UPLOAD_DIR must name a folder on the shared volume`];
        const mount = container.volumeMounts?.find(
          (m) => dir === m.mountPath || dir.startsWith(`${m.mountPath.replace(/\/$/, '')}/`),
        );
        if (!mount) return [`${name}: nothing is mounted at VIDEO_UPLOAD_DIR ${dir}`];
        if (mount.readOnly) return [`${name}: ${dir} is mounted read-only`];
        const claimName = podSpec(d).volumes?.find((v) => v.name === mount.name)?.persistentVolumeClaim
          ?.claimName;
        if (!claimName)
          return [`${name}: ${dir} is no PersistentVolumeClaim: each pod would see only its own uploads`];
        used.add(claimName);
        const claim = claims(r).find((c) => c.metadata?.name === claimName);
        if (!claim) return [`${name}: claim ${claimName} is not in the overlay`];
        const found: string[] = [];
        if (!claim.spec?.accessModes?.includes('ReadWriteMany'))
          found.push(`${claimName}: must be ReadWriteMany, for media pods on several nodes`);
        if (!claim.spec?.storageClassName)
          found.push(`${claimName}: must name a storage class that provides ReadWriteMany`);
        if (!claim.spec?.resources?.requests?.storage) found.push(`${claimName}: must request a size`);
        return found;
      });
      if (used.size > 1) problems.push(`media pods mount different upload claims: ${[...used].join(', ')}`);
      expect(problems).toEqual([]);
    });

    it('gives every container CPU and memory requests no larger than its limits', () => {
      const problems = deployments(r).flatMap((d) =>
        allContainers(d).flatMap((c) =>
          (['cpu', 'memory'] as const).flatMap((resource) => {
            const where = `${d.metadata.name}/${c.name} ${resource}`;
            const request = c.resources?.requests?.[resource];
            const limit = c.resources?.limits?.[resource];
            if (request === undefined || limit === undefined)
              return [`${where}: needs a request and a limit`];
            return quantity(request, resource) <= quantity(limit, resource)
              ? []
              : [`${where}: request above limit`];
          }),
        ),
      );
      expect(problems).toEqual([]);
    });

    it("points every Service at one Deployment's pods, on ports they listen on, and every in-cluster URL at a Service", () => {
      const problems = services(r).flatMap((s) => {
        const name = s.metadata?.name;
        const selector = s.spec?.selector ?? {};
        const selected = deployments(r).filter(
          (d) => Object.keys(selector).length && selects({ matchLabels: selector }, podLabels(d)),
        );
        if (selected.length !== 1) return [`Service ${name} selects ${selected.length} Deployments`];
        return (s.spec?.ports ?? [])
          .filter((p) => resolvePort(mainContainer(selected[0]), p.targetPort ?? p.port) === undefined)
          .map(
            (p) =>
              `Service ${name} port ${p.port} targets ${p.targetPort}, which ${selected[0].metadata.name} does not expose`,
          );
      });
      for (const d of deployments(r)) {
        for (const [key, value] of serverUrls(r, d)) {
          const behind = serviceBehind(r, new URL(value));
          if (typeof behind === 'string' && behind !== 'outside the namespace')
            problems.push(`${d.metadata.name} ${key}: ${behind}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('publishes the front ends alone, on TLS hosts, with every browser-facing URL on them', () => {
      const ingress = theIngress(r);
      const hosts = (ingress.spec?.rules ?? []).map((rule) => rule.host ?? '');
      const tlsHosts = new Set(
        (ingress.spec?.tls ?? []).filter((t) => t.secretName).flatMap((t) => t.hosts ?? []),
      );
      const problems = hosts
        .filter((h) => !tlsHosts.has(h))
        .map((h) => `host ${h || '(any)'} has no TLS certificate`);
      if (!ingress.spec?.ingressClassName) problems.push('the Ingress names no ingressClassName');
      for (const rule of ingress.spec?.rules ?? []) {
        for (const p of rule.http?.paths ?? []) {
          const backend = p.backend.service?.name;
          const d = deployments(r).find((dep) => dep.metadata.name === backend);
          if (!d || appOf(d).kind !== 'frontend')
            problems.push(`${rule.host}${p.path} routes to ${backend}, which is no front end`);
        }
        if (ingressRoute(ingress, new URL(`https://${rule.host}/`)) !== 'shell')
          problems.push(`${rule.host}/ must reach the shell`);
      }
      const gateway = writtenValues(envOf(r, mainContainer(deploymentNamed(r, 'gateway')!)));
      for (const origin of (gateway.CORS_ORIGINS ?? '').split(',').filter(Boolean)) {
        const url = new URL(origin);
        if (url.protocol !== 'https:' || !hosts.includes(url.hostname) || url.origin !== origin)
          problems.push(`gateway CORS_ORIGINS ${origin} is not the origin https://<Ingress host>`);
      }
      const shell = frontendSettings(r).shell;
      for (const [remote, entry] of Object.entries(shell.remotes ?? {})) {
        const url = new URL(entry);
        const routed = ingressRoute(ingress, url);
        if (url.protocol !== 'https:' || !hosts.includes(url.hostname))
          problems.push(`shell's ${remote} remote ${entry} is not on an Ingress host over https`);
        else if (routed !== remote)
          problems.push(`shell's ${remote} remote ${entry} is routed to ${routed}, not ${remote}`);
        const d = deploymentNamed(r, remote);
        if (d && mainContainer(d).readinessProbe?.httpGet?.path !== url.pathname)
          problems.push(`${remote} is not ready when ${url.pathname}, the entry browsers load, answers`);
      }
      expect(problems).toEqual([]);
    });

    it('denies everything by default and lets each app reach only what it calls and what calls it', () => {
      const all = policies(r);
      const problems: string[] = [];
      const defaultDeny = all.find(
        (p) =>
          !Object.keys(p.spec?.podSelector?.matchLabels ?? {}).length && !p.spec?.ingress && !p.spec?.egress,
      );
      if (
        !defaultDeny ||
        !(['Ingress', 'Egress'] as const).every((t) => defaultDeny.spec?.policyTypes?.includes(t))
      )
        problems.push('no default-deny policy over every pod, both directions');
      const backends = new Set(
        (theIngress(r).spec?.rules ?? []).flatMap((rule) =>
          (rule.http?.paths ?? []).map((p) => p.backend.service?.name),
        ),
      );
      const usedLabels = new Set<string>();
      for (const d of deployments(r)) {
        const name = d.metadata.name;
        const pod = asPod(d);
        if (!all.some((p) => p.spec?.podSelector?.matchLabels?.['app.kubernetes.io/name'] === name))
          problems.push(`${name}: no NetworkPolicy of its own`);
        // The cluster's Prometheus scraping the metrics port is no way in from outside (components/monitoring).
        const outside = waysInFromOutside(all, pod, isPrometheusScrape);
        if (backends.has(name) && !outside.length)
          problems.push(`${name}: the Ingress routes to it, but nothing outside may reach it`);
        if (!backends.has(name) && outside.length)
          problems.push(`${name}: reachable from outside the namespace (${outside.join(', ')})`);
        // Egress to the data stores and NATS follows the configuration: no more, no less.
        const env = envOf(r, mainContainer(d));
        const expected = new Set(
          Object.entries(EGRESS_BY_VARIABLE)
            .filter(([v]) => env.has(v))
            .map(([, label]) => label),
        );
        if (PUBLIC_APIS[appOf(d).name]) expected.add(INTERNET_LABEL);
        const labels = new Set(Object.keys(pod.labels).filter((l) => l.startsWith('egress.chitram/')));
        labels.forEach((l) => usedLabels.add(l));
        for (const l of expected)
          if (pod.labels[l] !== 'true')
            problems.push(`${name}: reads what needs ${l}, but its pods lack the label`);
        for (const l of labels)
          if (!expected.has(l))
            problems.push(`${name}: has ${l} but its configuration reaches no such thing`);
        // What it calls in the namespace (the shell's API_TARGET, the gateway's MEDIA_URL) is let
        // through, and nothing else in the namespace is.
        const callees = new Set<IDeployment>();
        for (const [key, behind] of inClusterCalls(r, d)) {
          callees.add(behind.deployment);
          if (!allowsConnection(all, pod, asPod(behind.deployment), behind.port))
            problems.push(
              `${name} ${key}: the policies stop it reaching ${behind.deployment.metadata?.name}:${behind.port}`,
            );
        }
        for (const other of deployments(r)) {
          if (other === d || callees.has(other)) continue;
          const ports = (mainContainer(other).ports ?? []).map((p) => p.containerPort);
          if (ports.some((port) => allowsConnection(all, pod, asPod(other), port)))
            problems.push(`${name} may connect to ${other.metadata.name}, which it does not call`);
        }
      }
      for (const label of usedLabels) {
        const selecting = all.filter((p) => p.spec?.podSelector?.matchLabels?.[label] === 'true');
        if (
          selecting.length !== 1 ||
          !selecting[0].spec?.egress?.every((rule) => rule.to?.length && rule.ports?.length)
        )
          problems.push(`${label}: must be selected by one egress policy naming its destinations and ports`);
      }
      const dns = all.find(
        (p) =>
          !Object.keys(p.spec?.podSelector?.matchLabels ?? {}).length &&
          p.spec?.egress?.some((rule) => rule.ports?.some((port) => port.port === 53)),
      );
      if (!dns) problems.push('no policy lets pods resolve names (port 53)');
      expect(problems).toEqual([]);
    });

    it('scales the gateway and the services on CPU, and the front ends by a replica count', () => {
      const scaledByKeda = new Set(scaledObjects(r).map((s) => s.spec.scaleTargetRef.name));
      const problems = deployments(r).flatMap((d) => {
        const name = d.metadata.name;
        const hpas = autoscalers(r).filter((h) => h.spec?.scaleTargetRef.name === name);
        if (scaledByKeda.has(name)) {
          return [
            ...(hpas.length
              ? [`${name}: KEDA scales it; a HorizontalPodAutoscaler of its own would fight KEDA's`]
              : []),
            ...(d.spec?.replicas !== undefined ? [`${name}: replicas would fight KEDA`] : []),
          ];
        }
        if (appOf(d).kind === 'frontend')
          return hpas.length || !d.spec?.replicas ? [`${name}: a front end has a fixed replica count`] : [];
        if (hpas.length !== 1) return [`${name}: needs one HorizontalPodAutoscaler`];
        const spec = hpas[0].spec!;
        const found: string[] = [];
        if (d.spec?.replicas !== undefined)
          found.push(`${name}: replicas would fight the autoscaler on every apply`);
        if (spec.scaleTargetRef.kind !== 'Deployment' || spec.scaleTargetRef.apiVersion !== 'apps/v1')
          found.push(`${name}: the autoscaler must target its Deployment`);
        if (
          !spec.metrics?.some(
            (m) =>
              m.type === 'Resource' && m.resource?.name === 'cpu' && m.resource.target.type === 'Utilization',
          )
        )
          found.push(`${name}: must scale on CPU utilization`);
        if (!(spec.minReplicas && spec.minReplicas >= 1 && spec.maxReplicas >= spec.minReplicas))
          found.push(`${name}: bad replica bounds`);
        return found;
      });
      const orphans = autoscalers(r)
        .filter((h) => !deploymentNamed(r, h.spec?.scaleTargetRef.name ?? ''))
        .map((h) => `HorizontalPodAutoscaler ${h.metadata?.name} targets nothing`);
      expect([...problems, ...orphans]).toEqual([]);
    });

    it('keeps every Deployment serving through voluntary disruptions, with a budget it can meet', () => {
      const problems = deployments(r).flatMap((d) => {
        const name = d.metadata.name;
        const mine = budgets(r).filter((b) => selects(b.spec?.selector, podLabels(d)));
        if (mine.length !== 1) return [`${name}: needs one PodDisruptionBudget, has ${mine.length}`];
        const spec = mine[0].spec!;
        if (typeof spec.minAvailable === 'number' && spec.minAvailable >= Math.max(fewestPods(r, d), 1))
          return [
            `${name}: minAvailable ${spec.minAvailable} blocks every drain at ${fewestPods(r, d)} pods`,
          ];
        if (typeof spec.maxUnavailable === 'number' && spec.maxUnavailable < 1)
          return [`${name}: maxUnavailable 0 blocks every drain`];
        if (typeof spec.minAvailable !== 'number' && typeof spec.maxUnavailable !== 'number')
          return [`${name}: the budget needs a number`];
        return [];
      });
      const shared = budgets(r)
        .filter((b) => deployments(r).filter((d) => selects(b.spec?.selector, podLabels(d))).length !== 1)
        .map((b) => `PodDisruptionBudget ${b.metadata?.name} must cover exactly one Deployment`);
      expect([...problems, ...shared]).toEqual([]);
    });

    it('commits no Secret and no secret value', () => {
      expect(r.objects.filter((o) => o.kind === 'Secret').map((o) => o.metadata.name)).toEqual([]);
      const sensitive = ofKind<{ data?: Record<string, string> }>(r.objects, 'ConfigMap').flatMap((m) =>
        Object.keys(m.data ?? {})
          .filter((key) => SECRET_NAMES.test(key) || CREDENTIAL_URLS.includes(key))
          .map((key) => `ConfigMap ${m.metadata.name} holds ${key}`),
      );
      expect(sensitive).toEqual([]);
    });
  },
);

describe('the overlays', () => {
  const staging = plain('staging');
  const production = plain('production');
  const hostOf = (r: Rendering) => theIngress(r).spec?.rules?.[0]?.host;

  it('give staging and production their own namespace and host', () => {
    const namespace = (r: Rendering) => r.objects.find((o) => o.kind === 'Namespace')?.metadata.name;
    expect(namespace(staging)).not.toBe(namespace(production));
    expect(hostOf(staging)).not.toBe(hostOf(production));
  });

  it('run production with at least three pods of each app, as many as staging or more, and budgets that keep two', () => {
    // Media's workers are the exception: KEDA scales them from zero on their queue (below).
    const serving = deployments(production).filter((d) => d.metadata.name !== WORKER);
    const problems = serving.flatMap((d) => {
      const name = d.metadata.name;
      const pods = fewestPods(production, d);
      const stagingDeployment = deploymentNamed(staging, name);
      const found: string[] = [];
      if (pods < 3) found.push(`${name}: ${pods} pods in production`);
      if (stagingDeployment && fewestPods(staging, stagingDeployment) > pods)
        found.push(`${name}: fewer pods than staging`);
      const budget = budgets(production).find((b) => selects(b.spec?.selector, podLabels(d)));
      if (typeof budget?.spec?.minAvailable !== 'number' || budget.spec.minAvailable < 2)
        found.push(`${name}: production's budget must keep minAvailable ≥ 2`);
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('redirect plain HTTP to HTTPS, so that production’s host can be HSTS-preloaded', () => {
    for (const r of [staging, production]) {
      expect(theIngress(r).metadata?.annotations?.['nginx.ingress.kubernetes.io/force-ssl-redirect']).toBe(
        'true',
      );
    }
  });
});

describe(`the ${WORKER} component (components/media-worker)`, () => {
  it(`is in the overlays exactly when ${path.relative(WORKSPACE_ROOT, WORKER_ENTRY)} exists`, () => {
    for (const overlay of OVERLAYS)
      expect(Boolean(deploymentNamed(plain(overlay), WORKER))).toBe(workerEnabled);
  });

  it.each(OVERLAYS)(
    "runs media's image and configuration as the worker, scaled from zero by KEDA on its JetStream queue (%s)",
    (overlay) => {
      const r = renderings.find((x) => x.overlay === overlay && deploymentNamed(x, WORKER))!;
      const worker = deploymentNamed(r, WORKER)!;
      const media = deploymentNamed(r, 'media')!;
      expect(mainContainer(worker).command).toEqual(WORKER_COMMAND);
      expect(mainContainer(worker).image).toBe(mainContainer(media).image);
      expect(sameEnv(envOf(r, mainContainer(worker)), envOf(r, mainContainer(media)))).toBe(true);

      const [scaled] = scaledObjects(r);
      expect(scaledObjects(r)).toHaveLength(1);
      expect(scaled.spec.scaleTargetRef.name).toBe(WORKER);
      expect(scaled.spec.minReplicaCount).toBe(0);
      const trigger = scaled.spec.triggers.find((t) => t.type === 'nats-jetstream');
      expect(Object.keys(trigger?.metadata ?? {})).toEqual(
        expect.arrayContaining([
          'natsServerMonitoringEndpoint',
          'account',
          'stream',
          'consumer',
          'lagThreshold',
        ]),
      );
      // The queue is the jobs stream libs/nest-kit gives the events stream media is configured with.
      const eventsStream =
        writtenValues(envOf(r, mainContainer(media))).EVENTS_STREAM ??
        (describeConfig(configClasses.get('media')!).find((v) => v.name === 'EVENTS_STREAM')
          ?.defaultValue as string);
      expect(trigger?.metadata.stream).toBe(jobStreamName({ EVENTS_STREAM: eventsStream }));
      // The consumer is the durable one libs/nest-kit gives media's transcoding job (dots as underscores).
      expect(trigger?.metadata.consumer).toBe(TRANSCODE_JOB.replace(/\./g, '_'));
      // Media's own pods leave the queue to the workers (the worker ignores the switch).
      expect(writtenValues(envOf(r, mainContainer(media))).MEDIA_TRANSCODE).toBe('off');
    },
  );
});

describe('deploy/kubernetes/README.md', () => {
  const readme = readFileSync(path.join(KUBERNETES_ROOT, 'README.md'), 'utf8');

  /** `kubectl create secret generic NAME ... --from-literal=KEY=... --from-file=KEY=...`, by name. */
  const documented = new Map<string, Set<string>>();
  for (const command of readme.split(/\n(?=\s*kubectl create secret generic )/)) {
    const name = /^\s*kubectl create secret generic ([a-z0-9-]+)/.exec(command)?.[1];
    if (!name) continue;
    const block = command.split(/\n\s*\n/)[0];
    documented.set(
      name,
      new Set([...block.matchAll(/--from-(?:literal|file)=([A-Za-z0-9_]+)=/g)].map((m) => m[1])),
    );
  }

  it("names the ReadWriteMany storage class each overlay's claims need", () => {
    const classes = OVERLAYS.flatMap((overlay) =>
      claims(plain(overlay)).map((c) => c.spec?.storageClassName ?? '(none)'),
    );
    expect(classes.length).toBeGreaterThan(0);
    expect(readme).toMatch(/ReadWriteMany/);
    expect(classes.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('tells how to create every Secret the manifests read, with every key, and no key they do not read', () => {
    const needed = new Map<string, Set<string>>();
    for (const r of renderings)
      for (const d of deployments(r))
        for (const c of allContainers(d))
          for (const source of envOf(r, c).values())
            if ('secret' in source)
              needed.set(source.secret, (needed.get(source.secret) ?? new Set()).add(source.key));
    expect(needed.size).toBeGreaterThan(0);
    const problems = [...needed].flatMap(([secret, keys]) => {
      const listed = documented.get(secret);
      if (!listed) return [`${secret}: no kubectl create secret command`];
      return [
        ...[...keys].filter((k) => !listed.has(k)).map((k) => `${secret}: ${k} is read but not documented`),
        ...[...listed].filter((k) => !keys.has(k)).map((k) => `${secret}: ${k} is documented but not read`),
      ];
    });
    expect(problems).toEqual([]);
  });
});

describe('deploy/kubernetes/infrastructure', () => {
  const dir = path.join(KUBERNETES_ROOT, 'infrastructure');

  it('runs NATS as a three-server JetStream cluster with a user, and a password Secret key, per app', () => {
    const cluster = parse(readFileSync(path.join(dir, 'nats.values.yaml'), 'utf8')) as {
      config: { cluster: { enabled: boolean; replicas: number }; jetstream: { enabled: boolean } };
    };
    const values = parse(readFileSync(path.join(dir, 'nats-users.values.yaml'), 'utf8')) as {
      config: {
        merge: {
          accounts: Record<string, { jetstream: string; users: Array<{ user: string; password: string }> }>;
        };
      };
      container: { env: Record<string, { valueFrom?: { secretKeyRef?: { key: string } } }> };
    };
    expect(cluster.config.cluster).toMatchObject({ enabled: true, replicas: 3 });
    expect(cluster.config.jetstream.enabled).toBe(true);
    const accounts = Object.entries(values.config.merge.accounts);
    expect(accounts.map(([, a]) => a.jetstream)).toEqual(['enabled']);
    const users = accounts.flatMap(([, a]) => a.users);
    const natsApps = backendApps.filter((app) =>
      describeConfig(configClasses.get(app.name)!).some((v) => v.name === 'NATS_URL'),
    );
    expect(users.map((u) => u.user).sort()).toEqual(natsApps.map((a) => a.name).sort());
    for (const user of users) {
      const variable = /^<< \$(\w+) >>$/.exec(user.password)?.[1];
      expect(variable && values.container.env[variable]?.valueFrom?.secretKeyRef?.key).toBe(user.user);
    }
    // KEDA reads the worker's queue in that account.
    const worker = renderings.flatMap((r) => scaledObjects(r)).flatMap((s) => s.spec.triggers);
    expect(worker.length).toBeGreaterThan(0);
    for (const trigger of worker) expect(trigger.metadata.account).toBe(accounts[0][0]);
  });

  it("gives the apps' NATS users the permissions generated from the contracts' NATS_ACCESS, up to date", () => {
    const generated = execFileSync(process.execPath, ['deploy/nats-values.mjs'], {
      cwd: WORKSPACE_ROOT,
      encoding: 'utf8',
    });
    const committed = readFileSync(path.join(dir, 'nats-users.values.yaml'), 'utf8');
    // Out of date: node deploy/nats-values.mjs > deploy/kubernetes/infrastructure/nats-users.values.yaml
    expect(committed).toBe(generated);
  });

  it('gives each service a CloudNativePG database and role named as its DATABASE_NAME, where the policies let it go', () => {
    const objects = parseAllDocuments(readFileSync(path.join(dir, 'postgres.yaml'), 'utf8')).map(
      (doc) => doc.toJS() as KubeObject & { spec: Record<string, unknown> },
    );
    const cluster = objects.find((o) => o.kind === 'Cluster')!;
    const roles = (cluster.spec.managed as { roles: Array<{ name: string }> }).roles.map((role) => role.name);
    expect(cluster.spec.instances).toBeGreaterThanOrEqual(3);
    const databases = objects
      .filter((o) => o.kind === 'Database')
      .map((o) => o.spec as { name: string; owner: string });
    const r = plain('production');
    for (const app of serviceApps) {
      const name = writtenValues(envOf(r, mainContainer(deploymentNamed(r, app.name)!))).DATABASE_NAME;
      expect(databases).toContainEqual({ name, owner: name, cluster: { name: cluster.metadata.name } });
      expect(roles).toContain(name);
    }
    const egress = policies(r).find((p) => p.metadata?.name === 'egress-postgres')!;
    const peer = egress.spec?.egress?.[0]?.to?.[0];
    expect(peer?.podSelector?.matchLabels?.['cnpg.io/cluster']).toBe(cluster.metadata.name);
    expect(peer?.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name']).toBe(
      cluster.metadata.namespace,
    );
  });

  it('keeps secret values out of every file under deploy/kubernetes', () => {
    const files = (readdirSync(KUBERNETES_ROOT, { recursive: true }) as string[]).filter((f) =>
      /\.(ya?ml|env)$/.test(f),
    );
    const offending = files.filter((f) =>
      /secretGenerator|kind:\s*Secret\b|stringData:/.test(
        readFileSync(path.join(KUBERNETES_ROOT, f), 'utf8'),
      ),
    );
    expect(offending).toEqual([]);
  });
});
