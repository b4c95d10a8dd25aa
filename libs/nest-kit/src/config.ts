import 'reflect-metadata';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidationTypes,
  getMetadataStorage,
  validateSync,
} from 'class-validator';

/** Raised when the environment does not describe a runnable app; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type ConfigClass<T> = new () => T;

function declaredKeys(target: ConfigClass<unknown>): string[] {
  const metas = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
  return [...new Set(metas.map((m) => m.propertyName))];
}

/** Converts a variable to the type of its default value (or its declared type when it has no default). */
function coerce(raw: string, defaultValue: unknown, declaredType: unknown): unknown {
  const kind = defaultValue === undefined ? declaredType : (defaultValue as object).constructor;
  if (kind === Number) return raw.trim() === '' ? Number.NaN : Number(raw);
  if (kind === Boolean) return ['1', 'true', 'yes', 'on'].includes(raw.trim().toLowerCase());
  return raw;
}

/**
 * Reads a config class from the environment: every property that carries a validation decorator
 * is an environment variable of the same name; the class's initialisers are the development defaults.
 * Read once at start-up; a bad or missing value throws a ConfigError naming it.
 */
export function loadConfig<T extends object>(
  target: ConfigClass<T>,
  env: NodeJS.ProcessEnv = process.env,
): T {
  const config = new target() as Record<string, unknown>;
  for (const key of declaredKeys(target)) {
    const raw = env[key];
    if (raw !== undefined) {
      config[key] = coerce(raw, config[key], Reflect.getMetadata('design:type', target.prototype, key));
    }
  }
  const errors = validateSync(config, { forbidUnknownValues: false });
  const problems = errors.map((e) => {
    const got = e.value === undefined ? 'it is missing' : `got ${JSON.stringify(e.value)}`;
    return `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')} (${got})`;
  });
  const extra = (config as { crossCheck?: () => string[] }).crossCheck?.() ?? [];
  if (problems.length + extra.length > 0) throw new ConfigError([...problems, ...extra]);
  return config as T;
}

/** One environment variable of a config class, as deployment tooling sees it. */
export interface ConfigVariable {
  name: string;
  /** No default and not conditional (@IsOptional, @ValidateIf): an app cannot start without it. */
  required: boolean;
  /** The class's initialiser, the development default; undefined when there is none. */
  defaultValue: unknown;
}

/**
 * The environment variables a config class reads (its own and its base classes'), for deployment
 * files and their checks. A variable under @ValidateIf is listed as not required: whether
 * it is needed depends on other values, which only `loadConfig` can judge.
 */
export function describeConfig(target: ConfigClass<object>): ConfigVariable[] {
  const defaults = new target() as Record<string, unknown>;
  const metas = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
  return declaredKeys(target).map((name) => {
    const conditional = metas.some(
      (m) => m.propertyName === name && m.type === ValidationTypes.CONDITIONAL_VALIDATION,
    );
    const defaultValue = defaults[name];
    return { name, required: defaultValue === undefined && !conditional, defaultValue };
  });
}

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/** Settings every app has. */
export class BaseConfig {
  @IsIn(NODE_ENVS)
  NODE_ENV: NodeEnv = 'development';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @Matches(/^nats:\/\/[^\s]+$/, {
    message: 'NATS_URL must look like nats://host:port (comma-separate several)',
  })
  NATS_URL = 'nats://127.0.0.1:4222';

  /** Upper bound on every NATS request; a service that does not answer in time is reported unavailable. */
  @IsInt()
  @Min(100)
  @Max(60_000)
  RPC_TIMEOUT_MS = 5000;

  /**
   * A collector's OTLP/HTTP address (`http://collector:4318`): OpenTelemetry traces go there (DECISIONS
   * D41). Empty, the default: nothing is traced.
   */
  @Matches(/^(https?:\/\/[^\s]+)?$/, {
    message: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s):// address, or empty for no tracing',
  })
  OTEL_EXPORTER_OTLP_ENDPOINT = '';

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }
}

/** Settings of a back-end service (one database of its own, HTTP health for orchestrators). */
export class ServiceConfig extends BaseConfig {
  @Matches(/^postgres(ql)?:\/\/[^\s]+$/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

  /** The service's own database on that server; empty means `chitram_<service>`. */
  @IsOptional()
  @IsString()
  @Matches(/^[a-z_][a-z0-9_]*$/, { message: 'DATABASE_NAME may hold only lower-case letters, digits and _' })
  DATABASE_NAME?: string;

  /** Port of the HTTP liveness/readiness endpoints; 0 turns them off (tests). */
  @IsInt()
  @Min(0)
  @Max(65535)
  HEALTH_PORT = 0;

  /** The address the health endpoints listen on: all in a container (probes), 127.0.0.1 under `npm start`. */
  @IsString()
  @MinLength(1)
  HOST = '0.0.0.0';
}
