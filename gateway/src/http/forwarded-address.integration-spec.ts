import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Subjects, type SendOtpRequest } from '@chitram/contracts';
import { loadConfig, RpcClient } from '@chitram/nest-kit';
import { testInfrastructure } from '@chitram/test-helpers';
import { createGatewayApp } from '../app';
import { GatewayConfig } from '../config';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../../..');
/**
 * The shell's proxy, as npm start runs it (scripts/lib/layout.mjs SHELL_PROXY_ADDRESS): it reaches the
 * gateway from an address of its own (API_SOURCE_ADDRESS), the one proxy the gateway trusts, so no
 * other process on this machine (127.0.0.1 included) passes for it.
 */
const SHELL_ADDRESS = '127.0.0.2';

/**
 * The per-address sign-in limit counts the address the gateway believes. Every 127.x address is this
 * machine, so a "stranger", "viewers" and the shell's proxy each call from an address of their own.
 */
describe('the client address the gateway counts (TRUSTED_PROXIES)', () => {
  /** The clientIp of each send-otp the gateway passed on to the auth service. */
  const counted: string[] = [];
  let app: NestFastifyApplication;
  let gatewayPort: number;
  let shell: ChildProcess;
  let shellPort: number;
  const shellRoot = mkdtempSync(path.join(os.tmpdir(), 'shell-root-'));

  /** POST /api/user/send-otp from `from`, to the gateway itself or through the shell; answers the counted address. */
  function sendOtp(port: number, from: string, forwardedFor?: string): Promise<string> {
    const body = JSON.stringify({ phoneNumber: '9876543210' });
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/user/send-otp',
          localAddress: from,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve(counted.at(-1)!) : reject(new Error(`HTTP ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  beforeAll(async () => {
    // The auth service answers in-process: what matters is the address the gateway hands it.
    jest
      .spyOn(RpcClient.prototype, 'uncheckedRequest')
      .mockImplementation((subject: string, data?: unknown) => {
        if (subject === Subjects.auth.sendOtp) counted.push((data as SendOtpRequest).clientIp);
        return Promise.resolve({ success: true } as never);
      });
    const config = loadConfig(GatewayConfig, {
      ...testInfrastructure(),
      LOG_LEVEL: 'silent',
      TRUSTED_PROXIES: SHELL_ADDRESS,
    });
    app = await createGatewayApp(config);
    await app.listen(0, '127.0.0.1');
    gatewayPort = (app.getHttpServer().address() as { port: number }).port;

    // The shell's own server (libs/web-server), in front of the gateway, as npm start runs it.
    shell = spawn(process.execPath, ['libs/web-server/serve.mjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        ROOT: shellRoot,
        API_TARGET: `http://127.0.0.1:${gatewayPort}`,
        API_SOURCE_ADDRESS: SHELL_ADDRESS,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    shellPort = await new Promise<number>((resolve, reject) => {
      shell.stdout!.on('data', (chunk: Buffer) => {
        const port = / on http:\/\/[^:]+:(\d+)/.exec(chunk.toString())?.[1];
        if (port) resolve(Number(port));
      });
      shell.once('exit', (code) => reject(new Error(`the shell's server exited (${code})`)));
    });
  });

  afterAll(async () => {
    shell?.kill();
    await app?.close();
    jest.restoreAllMocks();
    rmSync(shellRoot, { recursive: true, force: true });
  });

  it('ignores a forged X-Forwarded-For sent straight to the gateway', async () => {
    expect(await sendOtp(gatewayPort, '127.0.0.3', '198.51.100.1')).toBe('127.0.0.3');
    expect(await sendOtp(gatewayPort, '127.0.0.3', '198.51.100.2, 198.51.100.3')).toBe('127.0.0.3');
  });

  it('ignores it from any other process on this machine, 127.0.0.1 included', async () => {
    expect(await sendOtp(gatewayPort, '127.0.0.1', '198.51.100.7')).toBe('127.0.0.1');
    expect(await sendOtp(gatewayPort, '127.0.0.9', '198.51.100.8')).toBe('127.0.0.9');
  });

  it('counts the address the shell saw, whatever the browser wrote in the header', async () => {
    expect(await sendOtp(shellPort, '127.0.0.4', '198.51.100.4')).toBe('127.0.0.4');
    expect(await sendOtp(shellPort, '127.0.0.5')).toBe('127.0.0.5');
  });

  it('believes the forwarded address from the configured proxy', async () => {
    expect(await sendOtp(gatewayPort, SHELL_ADDRESS, '203.0.113.9')).toBe('203.0.113.9');
    // Only its own entry: what it was handed further left is the client's word.
    expect(await sendOtp(gatewayPort, SHELL_ADDRESS, '198.51.100.6, 203.0.113.10')).toBe('203.0.113.10');
  });
});
