import { customPeriodProblem, searchOfView, viewFromSearch } from './analytics-query';

describe("the analytics page's address", () => {
  it('reads a range or a custom period, and the filters, back from the address', () => {
    expect(viewFromSearch(new URLSearchParams('range=90&language=Tamil&plan=gold'))).toEqual({
      range: 90,
      from: '',
      to: '',
      language: 'Tamil',
      plan: 'gold',
    });
    const custom = viewFromSearch(new URLSearchParams('from=2026-10-01&to=2026-10-31'));
    expect(custom).toMatchObject({ range: 'custom', from: '2026-10-01', to: '2026-10-31' });
    expect(searchOfView(custom)).toBe('from=2026-10-01&to=2026-10-31');
  });

  it('falls back to 30 days and no filters for what it does not understand', () => {
    expect(viewFromSearch(new URLSearchParams('range=8&language=Klingon&plan=diamond&from=x'))).toEqual({
      range: 30,
      from: '',
      to: '',
      language: '',
      plan: '',
    });
  });

  it('says what is wrong with a custom period before asking for it', () => {
    expect(customPeriodProblem('', '2026-10-01')).toBe('Choose a start and an end day.');
    expect(customPeriodProblem('2026-10-05', '2026-10-01')).toBe(
      'The end day may not be before the start day.',
    );
    expect(customPeriodProblem('2025-01-01', '2026-10-01')).toBe('Choose at most a year.');
    expect(customPeriodProblem('2026-10-01', '2026-10-05')).toBeUndefined();
  });
});
