import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describeConfig } from '@chitram/nest-kit';
import { loadConfigClass, workspaceApps, WORKSPACE_ROOT } from './workspace';

// README.md's configuration table is what an operator reads; it must name every variable the apps read.
describe('README configuration table', () => {
  const readme = readFileSync(path.join(WORKSPACE_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
  );
  const documented = new Set([...section.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));

  it.each(
    workspaceApps()
      .filter((app) => app.kind !== 'frontend')
      .map((app) => [app.dir, app] as const),
  )('names every variable %s reads', async (_dir, app) => {
    const variables = describeConfig(await loadConfigClass(app)).map((v) => v.name);
    expect(variables.filter((name) => !documented.has(name))).toEqual([]);
  });
});
