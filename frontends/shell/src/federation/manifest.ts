// The runtime manifest (/remotes.json): which remotes exist and where each one's entry is served.

/** The remotes the shell knows, and the module each exposes as its application. */
export const REMOTE_APPS = {
  viewer: './ViewerApp',
  admin: './AdminApp',
} as const;

export type RemoteName = keyof typeof REMOTE_APPS;
export type RemoteManifest = Record<RemoteName, string>;

/** The remote that shows a path, as the shell's routes decide (app/App.tsx): the back office, or the viewer. */
export function remoteAt(pathname: string): RemoteName {
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/adminupload'
    ? 'admin'
    : 'viewer';
}

/** Validates /remotes.json: every known remote must name its entry URL. */
export function parseManifest(value: unknown): RemoteManifest {
  if (typeof value !== 'object' || value === null)
    throw new Error('The remotes manifest is not a JSON object.');
  const entries = value as Record<string, unknown>;
  const manifest = {} as RemoteManifest;
  for (const name of Object.keys(REMOTE_APPS) as RemoteName[]) {
    const entry = entries[name];
    if (typeof entry !== 'string' || entry === '')
      throw new Error(`The remotes manifest names no entry for "${name}".`);
    manifest[name] = entry;
  }
  return manifest;
}
