import { emptyShowForm, showFormData, showFormFromEpisode, validateShowForm } from './show-form';
import type { Episode } from './types';

const NOW = new Date('2025-06-15T20:00:00Z'); // 16 June in India
const banner = new File([new Uint8Array([1])], 'banner.png', { type: 'image/png' });

function filled() {
  return {
    ...emptyShowForm(),
    title: 'The Budget',
    videoUrl: 'https://cdn.example.in/budget.m3u8',
    duration: '25min',
    releaseDate: '2025-06-16',
    cast: 'Anchor One, Anchor Two,',
    description: 'What the budget means for you.',
  };
}

describe('show form (SPEC §2.13, §5)', () => {
  it('requires the episode fields and a banner for a new show', () => {
    expect(
      Object.keys(
        validateShowForm(emptyShowForm(), { banner: null, titleImage: null }, 'upload', NOW),
      ).sort(),
    ).toEqual(['banner', 'description', 'duration', 'releaseDate', 'title', 'videoUrl'].sort());
    expect(validateShowForm(filled(), { banner, titleImage: null }, 'upload', NOW)).toEqual({});
    expect(validateShowForm(filled(), { banner: null, titleImage: null }, 'edit', NOW)).toEqual({});
  });

  it('needs no link for a show that plays an uploaded video, but checks one that is given', () => {
    const noLink = { ...filled(), videoUrl: '' };
    expect(validateShowForm(noLink, { banner, titleImage: null }, 'upload', NOW, true)).toEqual({});
    expect(validateShowForm(noLink, { banner, titleImage: null }, 'upload', NOW).videoUrl).toBe(
      'Video URL is required',
    );
    expect(
      validateShowForm({ ...filled(), videoUrl: 'nope' }, { banner, titleImage: null }, 'upload', NOW, true)
        .videoUrl,
    ).toBe('Invalid URL');
  });

  it('refuses a release date after today in India', () => {
    expect(
      validateShowForm(
        { ...filled(), releaseDate: '2025-06-17' },
        { banner, titleImage: null },
        'upload',
        NOW,
      ).releaseDate,
    ).toBe('Release date may not be after today');
  });

  it('sends the cast as repeated cast[] entries and leaves empty fields out (SPEC §7, D30)', () => {
    const form = showFormData(filled(), { banner, titleImage: null });
    expect(form.getAll('cast[]')).toEqual(['Anchor One', 'Anchor Two']);
    expect(form.get('category')).toBe('political');
    expect(form.has('episodeNumber')).toBe(false);
    expect(form.has('titleImage')).toBe(false);
    expect((form.get('banner') as File).name).toBe('banner.png');
  });

  it('fills the form in from a show', () => {
    const show = {
      title: 'T',
      cast: ['A', 'B'],
      releaseDate: '2025-01-05',
      episodeNumber: 4,
      category: 'health',
      rating: 'A',
    } as unknown as Episode;
    const values = showFormFromEpisode(show);
    expect(values.cast).toBe('A, B');
    expect(values.episodeNumber).toBe('4');
    expect(values.category).toBe('health');
  });
});
