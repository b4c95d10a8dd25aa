import { isCompressibleType } from './compression';

describe('which answers the gateway compresses', () => {
  it.each([
    'application/json; charset=utf-8',
    'application/json',
    'application/problem+json',
    'application/vnd.chitram.v1+json; charset=utf-8',
    'text/plain; charset=utf-8',
    'text/html',
    'application/xml',
  ])('compresses %s', (type) => {
    expect(isCompressibleType(type)).toBe(true);
  });

  it.each([
    'application/pdf',
    'application/octet-stream',
    'application/gzip',
    'application/zip',
    'image/webp',
    'video/mp4',
    'text/event-stream',
    'application/jsonl-but-not-json',
  ])('leaves %s to mime-db, which does not compress it', (type) => {
    expect(isCompressibleType(type)).toBe(false);
  });
});
