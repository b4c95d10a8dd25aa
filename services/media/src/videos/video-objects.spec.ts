import { foldersOf, objectsToRemove } from './video-objects';

// What goes with a removed video when copies share renditions (VideosService.copy).

const original = {
  id: 'a1',
  outputPrefix: 'hls/a1/t1/',
  sourceKey: 'sources/a1.mp4',
  posterKey: 'images/p1.jpg',
};
const copy = { id: 'c2', outputPrefix: 'hls/a1/t1/', sourceKey: null, posterKey: 'images/p1.jpg' };
const rendered = ['hls/a1/t1/master.m3u8', 'hls/a1/t1/360/index.m3u8', 'hls/a1/t1/360/segment_0000.ts'];
const alone = { outputPrefixes: [], posterShared: false };

describe('the objects a removed video takes with it', () => {
  it('looks in its own folder, and for a copy also in the folder it plays', () => {
    expect(foldersOf(original)).toEqual(['hls/a1/']);
    expect(foldersOf(copy)).toEqual(['hls/c2/', 'hls/a1/t1/']);
    expect(foldersOf({ ...original, outputPrefix: null })).toEqual(['hls/a1/']);
  });

  it('takes everything of a video nobody else plays: renditions, leftover attempts, source and poster', () => {
    const leftover = 'hls/a1/t0/360/segment_0000.ts';
    expect(objectsToRemove(original, [...rendered, leftover], alone)).toEqual([
      ...rendered,
      leftover,
      'sources/a1.mp4',
      'images/p1.jpg',
    ]);
  });

  it('leaves the renditions and poster a copy still plays, and takes the source and leftovers', () => {
    const leftover = 'hls/a1/t0/360/segment_0000.ts';
    expect(
      objectsToRemove(original, [...rendered, leftover], {
        outputPrefixes: ['hls/a1/t1/'],
        posterShared: true,
      }),
    ).toEqual([leftover, 'sources/a1.mp4']);
  });

  it('removing a copy while another video plays the renditions removes nothing', () => {
    expect(objectsToRemove(copy, rendered, { outputPrefixes: ['hls/a1/t1/'], posterShared: true })).toEqual(
      [],
    );
  });

  it('the last video to play shared renditions takes them, whether the copy or the original', () => {
    expect(objectsToRemove(copy, rendered, alone)).toEqual([...rendered, 'images/p1.jpg']);
  });
});
