import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { auditVerdict } from './audit.mjs';

const counts = (high = 0, critical = 0, moderate = 0) => ({
  info: 0,
  low: 0,
  moderate,
  high,
  critical,
  total: high + critical + moderate,
});

describe('auditVerdict', () => {
  test('a high advisory fails, naming the package and the advisory', () => {
    const verdict = auditVerdict({
      vulnerabilities: {
        jose: { severity: 'high', via: [{ title: 'Resource exhaustion in JWE decryption' }] },
        lodash: { severity: 'moderate', via: [{ title: 'Prototype pollution' }] },
      },
      metadata: { vulnerabilities: counts(1, 0, 1) },
    });
    assert.equal(verdict.outcome, 'vulnerable');
    assert.deepEqual(verdict.lines, [
      'npm audit: 1 moderate, 1 high',
      'jose (high): Resource exhaustion in JWE decryption',
    ]);
  });

  test('a critical one reached through another package names the way in', () => {
    const verdict = auditVerdict({
      vulnerabilities: { express: { severity: 'critical', via: ['body-parser'] } },
      metadata: { vulnerabilities: counts(0, 1) },
    });
    assert.equal(verdict.outcome, 'vulnerable');
    assert.equal(verdict.lines[1], 'express (critical): through body-parser');
  });

  test('moderate advisories alone pass, and are counted', () => {
    const verdict = auditVerdict({
      vulnerabilities: { lodash: { severity: 'moderate', via: [] } },
      metadata: { vulnerabilities: counts(0, 0, 2) },
    });
    assert.deepEqual(verdict, {
      outcome: 'clean',
      lines: ['npm audit: no high or critical advisory (2 moderate)'],
    });
  });

  test('a registry that does not serve advisories leaves the check undone, and says why', () => {
    const verdict = auditVerdict({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    });
    assert.equal(verdict.outcome, 'unchecked');
    assert.match(verdict.lines[0], /could not check the dependencies: 405 Method Not Allowed/);
  });
});
