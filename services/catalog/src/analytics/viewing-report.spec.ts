import { wholeWeeks } from './viewing-report.repository';

describe('the whole weeks inside a period', () => {
  // 2026-11-16 is a Monday, 2026-11-22 a Sunday.
  it('finds the Mondays of the first and last whole week', () => {
    expect(wholeWeeks('2026-11-16', '2026-11-22')).toEqual({ first: '2026-11-16', last: '2026-11-16' });
    expect(wholeWeeks('2026-11-12', '2026-12-02')).toEqual({ first: '2026-11-16', last: '2026-11-23' });
    expect(wholeWeeks('2026-08-26', '2026-11-23')).toEqual({ first: '2026-08-31', last: '2026-11-16' });
  });

  it('finds none in a period shorter than a week from Monday to Sunday', () => {
    expect(wholeWeeks('2026-11-17', '2026-11-23')).toBeNull();
    expect(wholeWeeks('2026-11-16', '2026-11-21')).toBeNull();
    expect(wholeWeeks('2026-11-22', '2026-11-22')).toBeNull();
  });
});
