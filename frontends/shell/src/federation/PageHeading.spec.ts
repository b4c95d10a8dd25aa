import { readStaticHeading, rememberStaticHeading, staticHeadingAt } from './PageHeading';

/** A root holding the elements `found` maps selectors to, as a page's own bytes drew them. */
function rootWith(found: Record<string, { text?: string; attributes?: Record<string, string> }>) {
  const element = (selector: string) => {
    const entry = found[selector];
    return entry
      ? {
          textContent: entry.text ?? '',
          getAttribute: (name: string) => entry.attributes?.[name] ?? null,
          querySelector: element,
        }
      : null;
  };
  return { querySelector: element } as unknown as Pick<ParentNode, 'querySelector'>;
}

const TAMIL_PAGE = rootWith({
  '.page-heading--static': { attributes: { lang: 'ta' } },
  '.page-heading__eyebrow': { text: 'முன்கட்டணத் திட்டங்கள்' },
  '.page-heading__title': { text: 'உங்களுக்கான சிறந்த திட்டத்தைத் தேர்ந்தெடுங்கள்' },
});

describe("the heading the page's own bytes drew (issue 19)", () => {
  it('is read with its language, eyebrow and title, for the path it was drawn on', () => {
    expect(readStaticHeading(TAMIL_PAGE, '/subscribe')).toEqual({
      pathname: '/subscribe',
      language: 'ta',
      eyebrow: 'முன்கட்டணத் திட்டங்கள்',
      title: 'உங்களுக்கான சிறந்த திட்டத்தைத் தேர்ந்தெடுங்கள்',
    });
  });

  it('is none on a page that drew none, or drew one without a title', () => {
    expect(readStaticHeading(rootWith({}), '/subscribe')).toBeNull();
    expect(readStaticHeading(null, '/subscribe')).toBeNull();
    expect(
      readStaticHeading(
        rootWith({ '.page-heading--static': {}, '.page-heading__eyebrow': { text: 'x' } }),
        '/subscribe',
      ),
    ).toBeNull();
    const withoutEyebrow = rootWith({
      '.page-heading--static': {},
      '.page-heading__title': { text: 'Plans' },
    });
    expect(readStaticHeading(withoutEyebrow, '/subscribe')).toMatchObject({ eyebrow: null, title: 'Plans' });
  });

  it('is drawn again while the code loads on the path it was drawn for only', () => {
    rememberStaticHeading(TAMIL_PAGE, '/subscribe');
    expect(staticHeadingAt('/subscribe')?.language).toBe('ta');
    expect(staticHeadingAt('/subscribe/')?.language).toBe('ta');
    expect(staticHeadingAt('/movies')).toBeNull();
    rememberStaticHeading(rootWith({}), '/movies');
    expect(staticHeadingAt('/subscribe')).toBeNull();
  });
});
