import { IsString } from 'class-validator';
import { ConfigError, loadConfig, ServiceConfig } from './config';

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
