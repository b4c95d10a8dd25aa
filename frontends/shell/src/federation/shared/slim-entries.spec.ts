// The slim entries the shell lends in place of whole shared packages (frontends/rspack.base.mjs,
// `slimShared`): a remote gets only what the entry names, so every name any app imports from the
// package must be there, or that app would get `undefined` at run time while compiling fine.

// A module of its own (its names stay apart from the other specs').
export {};

declare const __dirname: string;
type Fs = {
  readdirSync(dir: string, options: { recursive: true }): string[];
  readFileSync(file: string, encoding: 'utf8'): string;
};
const fs = jest.requireActual<Fs>('node:fs');
const FRONTENDS = `${__dirname}/../../../..`;
const APPS = ['shell', 'viewer', 'admin'];

/** The names an `export { … } from` or `import { … } from` list holds, without `type` ones. */
function names(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0].trim());
}

function exportedBy(entry: string): Set<string> {
  const source = fs.readFileSync(`${__dirname}/${entry}.ts`, 'utf8');
  return new Set([...source.matchAll(/export\s*\{([^}]*)\}\s*from/g)].flatMap((m) => names(m[1])));
}

function importedFrom(pkg: string): Map<string, string> {
  const used = new Map<string, string>();
  for (const app of APPS) {
    const root = `${FRONTENDS}/${app}/src`;
    for (const file of fs.readdirSync(root, { recursive: true }).filter((f) => /\.tsx?$/.test(f))) {
      const source = fs.readFileSync(`${root}/${file}`, 'utf8');
      const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${pkg}'`, 'g');
      for (const match of source.matchAll(pattern))
        if (!/^\s*import\s+type/.test(match[0]))
          for (const name of names(match[1])) used.set(name, `${app}/src/${file}`);
    }
  }
  return used;
}

describe.each(['react-router', 'react-i18next'])('the slim %s the shell lends', (pkg) => {
  it('exports every name an app imports from it', () => {
    const exported = exportedBy(pkg);
    const imported = importedFrom(pkg);
    expect(imported.size).toBeGreaterThan(0);
    const missing = [...imported].filter(([name]) => !exported.has(name));
    expect(missing).toEqual([]);
  });
});
