import 'reflect-metadata';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ADMIN_ROLES, isAdminRole } from '@chitram/contracts';
import { createDataSource, loadConfig, migrateService } from '@chitram/nest-kit';
import { adminAccountProblem, insertAdminAccount } from '../admins/admin-accounts.service';
import { AdminAccountsRepository } from '../admins/admin-accounts.repository';
import { normaliseEmail } from '../admins/password';
import { AuthConfig } from '../config';
import { authService } from '../service';

const USAGE =
  "usage: npm run admin:create -- --email admin@example.com --password 'a long password' [--role owner|content|finance|support]";

export interface CommandResult {
  exitCode: number;
  output: string;
}

/**
 * Creates an admin account (DECISIONS D6) in the auth database named by the environment, migrating it
 * first if needed. Answers what to print and the exit code, so tests can run it in-process.
 */
export async function createAdminCommand(argv: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  let email: string | undefined;
  let password: string | undefined;
  let role: string | undefined;
  try {
    ({
      values: { email, password, role },
    } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    return { exitCode: 2, output: `${(error as Error).message}\n${USAGE}` };
  }
  if (!email || !password) return { exitCode: 2, output: USAGE };
  // Without a role, an owner: so set-ups made before roles existed keep working (issue 20).
  role ??= 'owner';
  if (!isAdminRole(role))
    return {
      exitCode: 2,
      output: `Cannot create the admin: the role must be one of ${ADMIN_ROLES.join(', ')}.`,
    };
  const problem = adminAccountProblem(email, password);
  if (problem) return { exitCode: 2, output: `Cannot create the admin: ${problem}.` };

  const config = loadConfig(AuthConfig, { ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn' });
  await migrateService(authService, config);
  const dataSource = createDataSource(authService.name, config, authService.database);
  await dataSource.initialize();
  try {
    const created = await insertAdminAccount(new AdminAccountsRepository(dataSource), email, password, role);
    return created
      ? { exitCode: 0, output: `Admin ${created.email} created (${role}).` }
      : { exitCode: 1, output: `An admin with the e-mail ${normaliseEmail(email)} exists already.` };
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  // Local settings, as `npm start` reads them (never overriding the real environment).
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  createAdminCommand(process.argv.slice(2), process.env).then(
    ({ exitCode, output }) => {
      (exitCode === 0 ? process.stdout : process.stderr).write(`${output}\n`);
      process.exit(exitCode);
    },
    (error: unknown) => {
      process.stderr.write(
        `create-admin failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
