import { acceptedEncoding, isCompressibleType } from './compression';

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

describe('the encoding an answer goes out in', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['identity', undefined],
    ['gzip;q=0, br;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('for Accept-Encoding %p: %p', (header, encoding) => {
    expect(acceptedEncoding(header)).toBe(encoding);
  });
});
