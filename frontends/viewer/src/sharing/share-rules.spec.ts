import { shareTitle, titleShareUrl } from './share-rules';

describe('sharing a title (issue 19)', () => {
  const data = {
    title: 'Pushpa',
    text: 'Watch Pushpa on Chitram',
    url: 'https://chitram.in/movie/pushpa/play',
  };

  it('links to the title page of this site, its slug written for a URL', () => {
    expect(titleShareUrl('https://chitram.in', 'pushpa')).toBe('https://chitram.in/movie/pushpa/play');
    expect(titleShareUrl('https://chitram.in', 'బాహుబలి-2')).toBe(
      'https://chitram.in/movie/%E0%B0%AC%E0%B0%BE%E0%B0%B9%E0%B1%81%E0%B0%AC%E0%B0%B2%E0%B0%BF-2/play',
    );
  });

  it('uses the share sheet where the browser has one, and copies nothing then', async () => {
    const shared: ShareData[] = [];
    const copied: string[] = [];
    const outcome = await shareTitle(data, {
      share: async (d) => void shared.push(d),
      writeText: async (text) => void copied.push(text),
    });
    expect({ outcome, shared, copied }).toEqual({ outcome: 'shared', shared: [data], copied: [] });
  });

  it('copies the link where there is no share sheet, or the sheet cannot take it', async () => {
    const copied: string[] = [];
    const writeText = async (text: string) => void copied.push(text);
    expect(await shareTitle(data, { writeText })).toBe('copied');
    expect(await shareTitle(data, { share: async () => undefined, canShare: () => false, writeText })).toBe(
      'copied',
    );
    const broken = async () => {
      throw new DOMException('no', 'NotAllowedError');
    };
    expect(await shareTitle(data, { share: broken, writeText })).toBe('copied');
    expect(copied).toEqual([data.url, data.url, data.url]);
  });

  it('says nothing when the viewer closes the sheet, and fails when nothing can take the link', async () => {
    const cancel = async () => {
      throw new DOMException('closed', 'AbortError');
    };
    expect(await shareTitle(data, { share: cancel, writeText: async () => undefined })).toBe('cancelled');
    expect(await shareTitle(data, {})).toBe('failed');
    const denied = async () => {
      throw new Error('denied');
    };
    expect(await shareTitle(data, { writeText: denied })).toBe('failed');
  });
});
