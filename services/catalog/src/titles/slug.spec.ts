import { firstFreeSlug, isUuid, slugify } from './slug';

describe('slugify', () => {
  it('makes a lower-case hyphenated name from a Latin title, dropping accents and punctuation', () => {
    expect(slugify('Bāhubali: The Beginning')).toBe('bahubali-the-beginning');
    expect(slugify("  Don't Stop -- Me NOW!! ")).toBe('don-t-stop-me-now');
    expect(slugify('K.G.F Chapter 2')).toBe('k-g-f-chapter-2');
  });

  it('keeps titles in Indian scripts whole, vowel signs included', () => {
    expect(slugify('బాహుబలి 2')).toBe('బాహుబలి-2');
    expect(slugify('दंगल: कुश्ती')).toBe('दंगल-कुश्ती');
    expect(slugify('காதல் கதை')).toBe('காதல்-கதை');
  });

  it('gives a title without letters or digits a slug all the same', () => {
    expect(slugify('!!!')).toBe('title');
    expect(slugify('')).toBe('title');
  });

  it('keeps slugs to 80 characters without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(79)} b c`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('ప'.repeat(100))).toHaveLength(80);
  });
});

describe('firstFreeSlug', () => {
  it('takes the base when it is free, else the first free numbered one', () => {
    expect(firstFreeSlug('love-story', [])).toBe('love-story');
    expect(firstFreeSlug('love-story', ['love-story'])).toBe('love-story-2');
    expect(firstFreeSlug('love-story', ['love-story', 'love-story-2', 'love-story-4'])).toBe('love-story-3');
  });

  it('never hands out a route name or an id-shaped slug', () => {
    expect(firstFreeSlug('subscription-status', [])).toBe('subscription-status-2');
    const id = '0b7c0a52-8f0e-4d55-9a43-7c1b0e3b7a10';
    expect(isUuid(id)).toBe(true);
    expect(firstFreeSlug(id, [])).toBe(`${id}-2`);
  });
});
