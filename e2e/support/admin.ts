/**
 * The admin the browser suite signs in as: the one the test platform was started with (`npm test` makes
 * a random one and passes it here), never the demo admin of a development platform.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: the browser suite signs in as the admin of the platform it tests (npm test sets E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD)`,
    );
  return value;
}

export const ADMIN = {
  email: required('E2E_ADMIN_EMAIL'),
  password: required('E2E_ADMIN_PASSWORD'),
};
