import { createDebouncer, pageCount, pageNumbers } from './table-rules';
import { isWebUrl, splitNames, todayInIndia } from './form-rules';

describe('admin tables (SPEC §4.7, §9)', () => {
  it('shows first, last and neighbouring page buttons, with gaps', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 0)).toEqual([]);
    expect(pageNumbers(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageNumbers(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
    expect(pageNumbers(3, 12)).toEqual([1, 2, 3, 4, null, 12]);
    expect(pageCount(21, 10)).toBe(3);
    expect(pageCount(0, 10)).toBe(1);
  });

  it('searches 500 ms after the last key, once', () => {
    jest.useFakeTimers();
    try {
      const settled: string[] = [];
      const debouncer = createDebouncer<string>(500, (term) => settled.push(term));
      debouncer.push('k');
      jest.advanceTimersByTime(300);
      debouncer.push('ka');
      jest.advanceTimersByTime(499);
      expect(settled).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(settled).toEqual(['ka']);
      debouncer.push('kaa');
      debouncer.cancel();
      jest.advanceTimersByTime(1000);
      expect(settled).toEqual(['ka']);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('form rules (SPEC §5)', () => {
  it('accepts only absolute web links', () => {
    expect(isWebUrl('https://cdn.example.in/a.m3u8')).toBe(true);
    expect(isWebUrl('http://localhost:9000/x')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('www.example.in')).toBe(false);
  });

  it('splits names on commas, trimmed, each once', () => {
    expect(splitNames(' A, B ,, A ,C ')).toEqual(['A', 'B', 'C']);
  });

  it('knows the date in India', () => {
    expect(todayInIndia(new Date('2025-06-15T19:00:00Z'))).toBe('2025-06-16');
    expect(todayInIndia(new Date('2025-06-15T18:00:00Z'))).toBe('2025-06-15');
  });
});
