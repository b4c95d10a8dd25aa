// npm run audit (and .ci/run): `npm audit --omit=dev`, failing on a high or critical advisory in what
// the apps ship. Exits 0 when clean or when the registry cannot be asked (it says which), 1 when
// vulnerable.
import { spawnSync } from 'node:child_process';
import { auditVerdict } from './lib/audit.mjs';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = { message: (run.stderr || run.stdout || `npm audit exited ${run.status}`).trim().split('\n')[0] };
}
const { outcome, lines } = auditVerdict(report);
for (const line of lines) console.log(line);
process.exit(outcome === 'vulnerable' ? 1 : 0);
