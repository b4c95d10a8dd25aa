// What `npm audit --omit=dev --json` says about the packages the apps ship (issue 20): high or critical
// advisories fail CI. Some registries (this machine's among them) do not serve the advisories endpoint
// and answer 405; then nothing was checked, and the verdict says so rather than passing in silence.

/** Severities that fail the check. */
export const FAILING_SEVERITIES = ['high', 'critical'];

/**
 * The verdict on npm audit's JSON answer.
 * @param {any} report the parsed output of `npm audit --json`
 * @returns {{ outcome: 'clean' | 'vulnerable' | 'unchecked', lines: string[] }}
 */
export function auditVerdict(report) {
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const why = report?.message || report?.error?.summary || 'no advisories in the answer';
    return { outcome: 'unchecked', lines: [`npm audit could not check the dependencies: ${why}`] };
  }
  const failing = Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => FAILING_SEVERITIES.includes(v.severity))
    .map(
      ([name, v]) =>
        `${name} (${v.severity}): ${advisoryTitles(v).join('; ') || 'through ' + v.via.join(', ')}`,
    );
  const summary = Object.entries(counts)
    .filter(([severity, n]) => severity !== 'total' && n > 0)
    .map(([severity, n]) => `${n} ${severity}`)
    .join(', ');
  if (failing.length) return { outcome: 'vulnerable', lines: [`npm audit: ${summary}`, ...failing] };
  return {
    outcome: 'clean',
    lines: [`npm audit: no high or critical advisory${summary ? ` (${summary})` : ''}`],
  };
}

/** @param {{ via?: unknown[] }} vulnerability */
function advisoryTitles(vulnerability) {
  return (vulnerability.via ?? []).flatMap((v) =>
    typeof v === 'object' && v && 'title' in v ? [String(v.title)] : [],
  );
}
