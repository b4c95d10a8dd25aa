import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The contents of `file`, written once with `make()` by the first process that finds it missing (the
 * development key and tokens, which apps started together must share). The file is written under a
 * temporary name and linked into place: whoever links first wins and the others read the winner's.
 */
export function fileMadeOnce(file: string, make: () => string | Buffer): Buffer {
  const target = path.resolve(file);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${randomUUID()}`;
    fs.writeFileSync(temporary, make(), { mode: 0o600 });
    try {
      // A link fails if another process got there first; then its file is the one.
      fs.linkSync(temporary, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  return fs.readFileSync(target);
}
