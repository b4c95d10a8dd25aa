import { detectVideoContainer } from './video-container';

function box(type: string, brand = ''): Buffer {
  const head = Buffer.alloc(64);
  head.writeUInt32BE(32, 0);
  head.write(type, 4, 'latin1');
  head.write(brand, 8, 'latin1');
  return head;
}

function ebml(docType: string): Buffer {
  const head = Buffer.alloc(64);
  head.writeUInt32BE(0x1a45dfa3, 0);
  head.write(`\x42\x82\x88${docType}`, 8, 'latin1');
  return head;
}

describe('detectVideoContainer', () => {
  it('knows MP4 by any ISO brand a camera writes, and QuickTime by its own', () => {
    for (const brand of ['isom', 'mp42', 'avc1', 'XAVC', '3gp5', 'M4V '])
      expect(detectVideoContainer(box('ftyp', brand))?.extension).toBe('mp4');
    expect(detectVideoContainer(box('ftyp', 'qt  '))).toEqual({
      contentType: 'video/quicktime',
      extension: 'mov',
    });
    expect(detectVideoContainer(box('moov'))?.extension).toBe('mov');
    expect(detectVideoContainer(box('mdat'))?.extension).toBe('mov');
  });

  it('tells WebM from other Matroska by the DocType', () => {
    expect(detectVideoContainer(ebml('webm'))?.extension).toBe('webm');
    expect(detectVideoContainer(ebml('matroska'))?.extension).toBe('mkv');
    expect(detectVideoContainer(ebml('other'))).toBeUndefined();
  });

  it('refuses pictures that share the container, and files that are plainly something else', () => {
    expect(detectVideoContainer(box('ftyp', 'heic'))).toBeUndefined();
    expect(detectVideoContainer(box('ftyp', 'avif'))).toBeUndefined();
    expect(
      detectVideoContainer(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>')),
    ).toBeUndefined();
    expect(detectVideoContainer(Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(60)]))).toBeUndefined();
    expect(detectVideoContainer(Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(60)]))).toBeUndefined();
    expect(detectVideoContainer(Buffer.from('short'))).toBeUndefined();
  });
});
