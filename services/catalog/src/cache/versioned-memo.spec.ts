import { VersionedMemo } from './versioned-memo';

describe('VersionedMemo', () => {
  it('answers what was kept under the same version only', () => {
    const memo = new VersionedMemo<string>(10);
    memo.set(3, 'kingdom', 'titles of kingdom');
    expect(memo.get(3, 'kingdom')).toBe('titles of kingdom');
    expect(memo.get(4, 'kingdom')).toBeUndefined();
    expect(memo.get(2, 'kingdom')).toBeUndefined();
  });

  it('forgets everything when a newer version is kept, and ignores what was read under an older one', () => {
    const memo = new VersionedMemo<string>(10);
    memo.set(3, 'a', 'old');
    memo.set(4, 'b', 'new');
    expect(memo.get(4, 'a')).toBeUndefined();
    expect(memo.size).toBe(1);
    memo.set(3, 'a', 'late read of the old catalogue');
    expect(memo.get(4, 'a')).toBeUndefined();
    expect(memo.get(3, 'a')).toBeUndefined();
  });

  it('keeps at most its size, the least recently used out first', () => {
    const memo = new VersionedMemo<number>(2);
    memo.set(1, 'a', 1);
    memo.set(1, 'b', 2);
    expect(memo.get(1, 'a')).toBe(1); // a is now the most recently used
    memo.set(1, 'c', 3);
    expect(memo.get(1, 'b')).toBeUndefined();
    expect(memo.get(1, 'a')).toBe(1);
    expect(memo.get(1, 'c')).toBe(3);
  });
});
