import { DomainError, ErrorCode, MEDIA_SIZE_LIMITS } from '@chitram/contracts';
import { storeUpload, type UploadSink } from './store-upload';

const PNG_HEAD = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypmp42\0\0\0\0mp42isom', 'latin1'),
]);

/** A sink that keeps what it is given, and throws away anything whose source failed. */
class MemorySink implements UploadSink {
  readonly stored = new Map<string, { bytes: number; contentType: string }>();
  async put(key: string, source: AsyncIterable<Buffer>, contentType: string): Promise<number> {
    let bytes = 0;
    for await (const chunk of source) bytes += chunk.length;
    this.stored.set(key, { bytes, contentType });
    return bytes;
  }
}

/** A file of `size` bytes starting with `head`, yielded in 64 KB chunks, never held whole. */
async function* file(head: Buffer, size: number, chunk = 64 * 1024): AsyncGenerator<Buffer> {
  yield head.subarray(0, Math.min(head.length, size));
  let sent = head.length;
  while (sent < size) {
    const n = Math.min(chunk, size - sent);
    yield Buffer.alloc(n, 7);
    sent += n;
  }
}

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('storeUpload', () => {
  it('stores an image under a random images/ key with the type read from its bytes', async () => {
    const sink = new MemorySink();
    const stored = await storeUpload(sink, file(PNG_HEAD, 300_000), 'image', 'thumbnail');
    expect(stored).toEqual({
      key: expect.stringMatching(/^images\/[0-9a-f-]{36}\.png$/),
      contentType: 'image/png',
      kind: 'image',
      size: 300_000,
      url: `/api/media/images/${stored.key}`,
    });
    expect(sink.stored.get(stored.key)).toEqual({ bytes: 300_000, contentType: 'image/png' });
    const again = await storeUpload(sink, file(PNG_HEAD, 100), 'image', 'thumbnail');
    expect(again.key).not.toBe(stored.key);
  });

  it('takes a video banner under videos/, but not a video where an image is asked for', async () => {
    const sink = new MemorySink();
    const banner = await storeUpload(sink, file(MP4_HEAD, 20 * 1024 * 1024), 'banner', 'banner');
    expect(banner).toMatchObject({
      kind: 'video',
      contentType: 'video/mp4',
      key: expect.stringMatching(/^videos\//),
    });

    const refused = await failure(storeUpload(sink, file(MP4_HEAD, 1000), 'image', 'titleImage'));
    expect(refused.code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    expect(refused.message).toBe('titleImage must be a JPEG, PNG, WebP or GIF image; the file sent is not.');
  });

  it('refuses a file whose bytes are no accepted type, whatever it is called', async () => {
    const sink = new MemorySink();
    const error = await failure(
      storeUpload(sink, file(Buffer.from('<html>not a picture</html>'), 5000), 'banner', 'banner'),
    );
    expect(error.code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    expect(error.message).toContain('banner must be a JPEG, PNG, WebP or GIF image, or an MP4 or WebM video');
    expect(sink.stored.size).toBe(0);
  });

  it('stops an image one byte over 10 MB and a video one byte over 50 MB, keeping nothing', async () => {
    const sink = new MemorySink();
    await storeUpload(sink, file(PNG_HEAD, MEDIA_SIZE_LIMITS.image), 'image', 'thumbnail');
    const image = await failure(
      storeUpload(sink, file(PNG_HEAD, MEDIA_SIZE_LIMITS.image + 1), 'image', 'thumbnail'),
    );
    expect(image.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    expect(image.message).toBe('thumbnail is too large: images may be at most 10 MB.');

    const video = await failure(
      storeUpload(sink, file(MP4_HEAD, MEDIA_SIZE_LIMITS.video + 1), 'banner', 'banner'),
    );
    expect(video.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    expect(video.message).toBe('banner is too large: videos may be at most 50 MB.');
    expect(sink.stored.size).toBe(1);
  });

  it('refuses an empty file with the field named', async () => {
    const error = await failure(
      storeUpload(new MemorySink(), file(Buffer.alloc(0), 0), 'image', 'thumbnail'),
    );
    expect(error.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(error.fields).toEqual({ thumbnail: ['is empty'] });
  });

  it('passes a broken source on to the sink, so a cut-off upload is never completed', async () => {
    async function* cutOff(): AsyncGenerator<Buffer> {
      yield PNG_HEAD;
      yield Buffer.alloc(1000);
      throw new Error('aborted');
    }
    const sink = new MemorySink();
    await expect(storeUpload(sink, cutOff(), 'image', 'thumbnail')).rejects.toThrow('aborted');
    expect(sink.stored.size).toBe(0);
  });
});
