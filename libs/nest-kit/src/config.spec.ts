import { IsIn, IsOptional, IsString, ValidateIf } from 'class-validator';
import { ConfigError, describeConfig, loadConfig, ServiceConfig } from './config';

class ExampleConfig extends ServiceConfig {
  @IsString()
  API_KEY: string;
}

describe('loadConfig', () => {
  it('uses the development defaults and converts numbers', () => {
    const config = loadConfig(ExampleConfig, { API_KEY: 'k', HEALTH_PORT: '4001', RPC_TIMEOUT_MS: '2500' });
    expect(config.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(config.HEALTH_PORT).toBe(4001);
    expect(config.RPC_TIMEOUT_MS).toBe(2500);
    expect(config.isProduction).toBe(false);
  });

  it('names every bad or missing variable in one error', () => {
    let error: unknown;
    try {
      loadConfig(ExampleConfig, { NATS_URL: 'http://wrong', HEALTH_PORT: 'eighty', NODE_ENV: 'staging' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('NATS_URL');
    expect(message).toContain('HEALTH_PORT');
    expect(message).toContain('NODE_ENV');
    expect(message).toContain('API_KEY');
    expect(message).toContain('it is missing');
  });

  it('refuses a database name that could break out of its quoting', () => {
    expect(() => loadConfig(ExampleConfig, { API_KEY: 'k', DATABASE_NAME: 'x"; DROP' })).toThrow(
      /DATABASE_NAME/,
    );
  });
});

class DeliveryConfig extends ServiceConfig {
  @IsString()
  API_KEY: string;

  @IsOptional()
  @IsString()
  REGION?: string;

  @IsIn(['console', 'sms'])
  DELIVERY = 'console';

  @ValidateIf((config: DeliveryConfig) => config.DELIVERY === 'sms')
  @IsString()
  SMS_TOKEN?: string;
}

describe('describeConfig', () => {
  const byName = (target: new () => object) =>
    Object.fromEntries(describeConfig(target).map((v) => [v.name, v]));

  it('lists every variable, inherited ones included, with its development default', () => {
    const vars = byName(DeliveryConfig);
    expect(Object.keys(vars).sort()).toEqual(
      [
        'API_KEY',
        'DATABASE_NAME',
        'DATABASE_URL',
        'DELIVERY',
        'HEALTH_PORT',
        'HOST',
        'LOG_LEVEL',
        'NATS_URL',
        'NODE_ENV',
        'OTEL_EXPORTER_OTLP_ENDPOINT',
        'REGION',
        'RPC_TIMEOUT_MS',
        'SMS_TOKEN',
      ].sort(),
    );
    expect(vars.NATS_URL).toEqual({
      name: 'NATS_URL',
      required: false,
      defaultValue: 'nats://127.0.0.1:4222',
    });
    expect(vars.HEALTH_PORT.defaultValue).toBe(0);
    expect(vars.DELIVERY).toEqual({ name: 'DELIVERY', required: false, defaultValue: 'console' });
  });

  it('marks as required only what has no default and is not optional or conditional', () => {
    const required = describeConfig(DeliveryConfig)
      .filter((v) => v.required)
      .map((v) => v.name);
    expect(required).toEqual(['API_KEY']);
    expect(byName(DeliveryConfig).SMS_TOKEN).toEqual({
      name: 'SMS_TOKEN',
      required: false,
      defaultValue: undefined,
    });
  });

  it('agrees with loadConfig: the required variables alone are enough to start', () => {
    const env = Object.fromEntries(
      describeConfig(DeliveryConfig)
        .filter((v) => v.required)
        .map((v) => [v.name, 'x']),
    );
    expect(() => loadConfig(DeliveryConfig, env)).not.toThrow();
    expect(() => loadConfig(DeliveryConfig, {})).toThrow(/API_KEY/);
  });
});
