import { changesAfter, effectiveMoment, rupeeText, termsAt } from './plan-terms-rules';

const at = (iso: string) => ({ effectiveFrom: new Date(iso) });
const versions = [at('1970-01-01T00:00:00Z'), at('2026-12-01T00:00:00Z'), at('2027-01-01T00:00:00Z')];

describe('plan terms in force (D43)', () => {
  it('are the last version to take effect by the moment asked, the later ones scheduled', () => {
    expect(termsAt(versions, new Date('2026-11-30T23:59:59Z'))).toBe(versions[0]);
    expect(termsAt(versions, new Date('2026-12-01T00:00:00Z'))).toBe(versions[1]);
    expect(termsAt(versions, new Date('2027-06-01T00:00:00Z'))).toBe(versions[2]);
    expect(changesAfter(versions, new Date('2026-11-30T00:00:00Z'))).toEqual([versions[1], versions[2]]);
    expect(changesAfter(versions, new Date('2027-01-01T00:00:00Z'))).toEqual([]);
  });

  it('take effect now or later: a moment past is refused, one a few seconds behind the clock is now', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(effectiveMoment('now', now)).toBe(now);
    expect(effectiveMoment('2026-11-29T00:00:00Z', now)).toEqual(new Date('2026-11-29T00:00:00Z'));
    expect(effectiveMoment('2026-11-28T09:59:30Z', now)).toBe(now);
    expect(effectiveMoment('2026-11-27T00:00:00Z', now)).toBeNull();
  });

  it('word prices as the plan table does', () => {
    expect(rupeeText(9900)).toBe('99');
    expect(rupeeText(14950)).toBe('149.50');
  });
});
