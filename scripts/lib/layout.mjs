// Where every app of the platform listens and what each instance is called. One layout for `npm start`
// (ports 3000–4200) and for the test platform (the same layout shifted to a free block):
//
//   shell, viewer, admin   one each: 3000, 3002, 3003 (the control API beside them on 3099)
//   gateway                3001, then 3011, 3021… for the second, third… instance (metrics 4000, 4010…)
//   services               health ports 4001–4005, then 4011–4015… (media's HTTP side 4104, 4114…)
//   prometheus             9090, with `npm start -- --observe` (observe.mjs)
//
// With one instance an app is named as before (`gateway`, `billing`); with several, `gateway-1`,
// `gateway-2`…, and the app's own name stands for all of its instances.

export const SERVICES = /** @type {const} */ (['auth', 'catalog', 'billing', 'media', 'users']);
export const FRONTENDS = /** @type {const} */ (['shell', 'viewer', 'admin']);
/** The apps; `--instances` multiplies the gateway and the services, the front ends serve files and stay single. */
export const APP_NAMES = [...FRONTENDS, 'gateway', ...SERVICES];

export const DEFAULT_PORTS = {
  shell: 3000,
  gateway: 3001,
  viewer: 3002,
  admin: 3003,
  control: 3099,
  auth: 4001,
  catalog: 4002,
  billing: 4003,
  media: 4004,
  users: 4005,
  mediaHttp: 4104, // media's HTTP side (uploads, stream origin), which the gateway proxies to
  gatewayMetrics: 4000, // the gateway's METRICS_PORT (/metrics), off its public port
  prometheus: 9090, // `--observe`'s Prometheus
};

/** Ports between one instance and the next; with at most 9 instances no two apps meet. */
export const INSTANCE_STEP = 10;
export const MAX_INSTANCES = 9;

/**
 * @typedef {object} AppSpec
 * @property {string} name      the instance's name: `billing`, or `billing-2` when there are several
 * @property {string} app       the app it is an instance of: `billing`
 * @property {number} instance  1, 2, …
 * @property {'frontend' | 'gateway' | 'service'} kind
 * @property {string} script  relative to the repository root
 * @property {number} port    the port that answers once it is up (a service's HEALTH_PORT)
 * @property {Record<string, string>} env
 */

/**
 * @typedef {object} LayoutOptions
 * @property {number} [instances]       of the gateway and of every service (default 1)
 * @property {string} [host]            the address every app listens on (default 127.0.0.1)
 * @property {string} [databasePrefix]  each service's DATABASE_NAME is `<prefix><service>` (default: the
 *   service's own default, chitram_<service>)
 * @property {string} [corsOrigins]     the gateway's CORS_ORIGINS (default: the shell's origin)
 */

/** Every port of `ports` moved by `offset` (the test platform's block). */
export function shiftPorts(ports, offset) {
  return /** @type {typeof DEFAULT_PORTS} */ (
    Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, port + offset]))
  );
}

/**
 * The address the shell's server calls the gateways from, and the one proxy they believe about a
 * client's address (TRUSTED_PROXIES): not all of loopback, or any process on the machine could pass
 * for the shell and choose the address the rate limits count. Linux answers on all of 127.0.0.0/8;
 * elsewhere only 127.0.0.1 is sure to exist, so there the shell shares it with other local processes.
 */
export const SHELL_PROXY_ADDRESS = process.platform === 'linux' ? '127.0.0.2' : '127.0.0.1';

/** The port of instance `instance` (1-based) of an app whose first instance listens on `port`. */
export function instancePort(port, instance) {
  return port + INSTANCE_STEP * (instance - 1);
}

/** `billing` with one instance, `billing-2` with several. */
export function instanceName(app, instance, instances) {
  return instances > 1 ? `${app}-${instance}` : app;
}

/** Refuses an instance count the layout cannot place. */
export function checkInstances(instances) {
  if (!Number.isInteger(instances) || instances < 1 || instances > MAX_INSTANCES)
    throw new Error(`instances must be a whole number from 1 to ${MAX_INSTANCES}, got ${instances}`);
  return instances;
}

/**
 * @param {typeof DEFAULT_PORTS} ports  the first instance's ports
 * @param {LayoutOptions} [options]
 * @returns {AppSpec[]}
 */
export function appSpecs(ports, options = {}) {
  const instances = checkInstances(options.instances ?? 1);
  const host = options.host || '127.0.0.1';
  const web = 'libs/web-server/serve.mjs';
  const numbers = Array.from({ length: instances }, (_, i) => i + 1);
  const gatewayPort = (i) => instancePort(ports.gateway, i);
  const mediaHttpPort = (i) => instancePort(ports.mediaHttp, i);
  const gatewayMetricsPort = (i) => instancePort(ports.gatewayMetrics, i);
  /** @type {(app: string, kind: AppSpec['kind'], script: string, port: number, env: Record<string, string>, instance?: number) => AppSpec} */
  const spec = (app, kind, script, port, env, instance = 1) => ({
    name: instanceName(app, instance, kind === 'frontend' ? 1 : instances),
    app,
    instance,
    kind,
    script,
    port,
    env,
  });
  const database = (service) =>
    options.databasePrefix ? { DATABASE_NAME: `${options.databasePrefix}${service}` } : {};

  return [
    spec('shell', 'frontend', web, ports.shell, {
      PORT: String(ports.shell),
      HOST: host,
      ROOT: 'frontends/shell/dist',
      SPA: '1',
      // Title, episode and category pages carry their link previews (issue 19).
      SHARE_PREVIEWS: '1',
      // Pages preload their remote's chunks as its pages.json names them (issue 19).
      PRELOAD_REMOTE_PAGES: '1',
      // Stored pictures are kept in memory, as a CDN keeps them: the banner comes with the page's own files.
      EDGE_CACHE: '/api/media/images/',
      // Several gateways: the shell's proxy takes them in turn.
      API_TARGET: numbers.map((i) => `http://127.0.0.1:${gatewayPort(i)}`).join(','),
      API_SOURCE_ADDRESS: SHELL_PROXY_ADDRESS,
      VIEWER_REMOTE_URL: `http://localhost:${ports.viewer}`,
      ADMIN_REMOTE_URL: `http://localhost:${ports.admin}`,
    }),
    ...['viewer', 'admin'].map((name) =>
      spec(name, 'frontend', web, ports[name], {
        PORT: String(ports[name]),
        HOST: host,
        ROOT: `frontends/${name}/dist`,
        CORS: '1',
      }),
    ),
    ...numbers.map((i) =>
      spec(
        'gateway',
        'gateway',
        'gateway/dist/main.js',
        gatewayPort(i),
        {
          PORT: String(gatewayPort(i)),
          HOST: host,
          METRICS_PORT: String(gatewayMetricsPort(i)),
          // Each gateway streams uploads to the media instance of its number; any instance can serve
          // any stored object.
          MEDIA_URL: `http://127.0.0.1:${mediaHttpPort(i)}`,
          CORS_ORIGINS: options.corsOrigins || `http://localhost:${ports.shell}`,
          TRUSTED_PROXIES: SHELL_PROXY_ADDRESS,
        },
        i,
      ),
    ),
    ...SERVICES.flatMap((name) =>
      numbers.map((i) =>
        spec(
          name,
          'service',
          `services/${name}/dist/main.js`,
          instancePort(ports[name], i),
          {
            HEALTH_PORT: String(instancePort(ports[name], i)),
            HOST: host,
            ...database(name),
            ...(name === 'media' ? { MEDIA_HTTP_PORT: String(mediaHttpPort(i)), MEDIA_HTTP_HOST: host } : {}),
          },
          i,
        ),
      ),
    ),
  ];
}

/**
 * Every port the layout listens on, named, for a check that all are free: the apps', media's HTTP
 * sides and the control API's.
 * @param {typeof DEFAULT_PORTS} ports
 * @param {AppSpec[]} specs
 * @param {{ control?: boolean, prometheus?: boolean }} [o]
 * @returns {Array<[string, number]>}
 */
export function layoutPorts(ports, specs, { control = true, prometheus = false } = {}) {
  return [
    ...specs.map((s) => /** @type {[string, number]} */ ([s.name, s.port])),
    ...specs
      .filter((s) => s.env.MEDIA_HTTP_PORT)
      .map((s) => /** @type {[string, number]} */ ([`${s.name} http`, Number(s.env.MEDIA_HTTP_PORT)])),
    ...specs
      .filter((s) => s.env.METRICS_PORT)
      .map((s) => /** @type {[string, number]} */ ([`${s.name} metrics`, Number(s.env.METRICS_PORT)])),
    ...(control ? [/** @type {[string, number]} */ (['control', ports.control])] : []),
    ...(prometheus ? [/** @type {[string, number]} */ (['prometheus', ports.prometheus])] : []),
  ];
}
