import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Every file `web.ts` loads, following its relative imports and re-exports. */
function reachedFrom(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const source = readFileSync(file, 'utf8');
    files.set(file, source);
    for (const [, target] of source.matchAll(/(?:import|export)[^'";]*?from '(\.[^']+)'/g))
      visit(path.resolve(path.dirname(file), `${target}.ts`));
  };
  visit(entry);
  return files;
}

describe('the browser entry of the contracts (@chitram/contracts/web)', () => {
  const files = reachedFrom(path.join(__dirname, 'web.ts'));

  it('loads nothing but the contracts themselves: no package, no Node module, at run time', () => {
    const outside = [...files].flatMap(([file, source]) =>
      [...source.matchAll(/^(import|export)(?! type)[^'";]*?from '([^.'][^']*)'/gm)].map(
        ([, , target]) => `${path.basename(file)} → ${target}`,
      ),
    );
    expect(outside).toEqual([]);
  });

  it('holds no decorators (class-validator payloads stay on the server side)', () => {
    const decorated = [...files].filter(([, source]) => /^\s*@[A-Z]\w*\(/m.test(source)).map(([f]) => f);
    expect(decorated).toEqual([]);
  });

  it('is what the package exports as ./web', () => {
    const manifest = JSON.parse(readFileSync(path.join(__dirname, '../package.json'), 'utf8')) as {
      exports: Record<string, { types: string; default: string }>;
    };
    expect(manifest.exports['./web']).toEqual({ types: './src/web.ts', default: './src/web.ts' });
  });
});
