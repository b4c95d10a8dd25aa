import { DomainError, ErrorCode } from '@chitram/contracts';
import type { JobQueue, Logger } from '@chitram/nest-kit';
import type { ObjectStorage } from '../storage/object-storage';
import type { ReadyVideos } from '../streaming/ready-videos';
import type { StoredVideo, VideosRepository } from '../videos/videos.repository';
import { AUDIO_JOB } from './audio-job';
import type { AudioTracksRepository, StoredAudioTrack } from './audio-tracks.repository';
import { AudioTracksService } from './audio-tracks.service';

const VIDEO = '0f5c3a58-6a86-4f0b-9b5e-2f1f3c1d9a01';

/** The tracks of one database, in memory, with its unique rules (one per language, one original). */
class MemoryTracks {
  readonly rows: StoredAudioTrack[] = [];
  async find(id: string) {
    return this.rows.find((t) => t.id === id);
  }
  async forVideo(videoId: string) {
    return this.rows
      .filter((t) => t.videoId === videoId)
      .sort(
        (a, b) =>
          Number(b.original) - Number(a.original) || (a.language ?? '').localeCompare(b.language ?? ''),
      );
  }
  async insert(track: Omit<StoredAudioTrack, 'createdAt' | 'error'>) {
    const mine = this.rows.filter((t) => t.videoId === track.videoId);
    if (mine.some((t) => (track.language && t.language === track.language) || (track.original && t.original)))
      return false;
    this.rows.push({ ...track, error: null, createdAt: new Date() });
    return true;
  }
  async move(id: string, from: string[], to: StoredAudioTrack['state'], error: string | null = null) {
    const track = this.rows.find((t) => t.id === id && from.includes(t.state));
    if (track) Object.assign(track, { state: to, error });
    return track;
  }
  async remove(videoId: string, id: string) {
    const at = this.rows.findIndex((t) => t.videoId === videoId && t.id === id);
    return at < 0 ? undefined : this.rows.splice(at, 1)[0];
  }
}

function setUp(video: Partial<StoredVideo> = {}) {
  const tracks = new MemoryTracks();
  const stored: StoredVideo = {
    id: VIDEO,
    state: 'ready',
    outputPrefix: `hls/${VIDEO}/attempt/`,
    renditions: [360],
    hasAudio: true,
    sourceKey: 'sources/film.mp4',
    sourceAudio: [
      { stream: 0, language: 'tam', title: null, codec: 'aac', channels: 2 },
      { stream: 1, language: 'tel', title: null, codec: 'aac', channels: 2 },
    ],
    ...video,
  } as StoredVideo;
  const jobs: unknown[] = [];
  const forgotten: string[] = [];
  const removed: string[][] = [];
  const service = new AudioTracksService(
    tracks as unknown as AudioTracksRepository,
    { find: async (id: string) => (id === VIDEO ? stored : undefined) } as unknown as VideosRepository,
    { forget: (id: string) => forgotten.push(id) } as unknown as ReadyVideos,
    {
      keysUnder: async (prefix: string) => [`${prefix}index.m3u8`],
      remove: async (keys: string[]) => void removed.push(keys),
    } as unknown as ObjectStorage,
    {
      enqueue: async (name: string, payload: unknown) => void jobs.push([name, payload]),
    } as unknown as JobQueue,
    { info: () => undefined, warn: () => undefined } as unknown as Logger,
  );
  return { service, tracks, jobs, forgotten, removed };
}

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

describe("a video's audio tracks, by their rules (D44)", () => {
  it("makes the first dub's video's own sound a track too, in the title's language, and queues both", async () => {
    const { service, jobs } = setUp();
    const telugu = await service.addStream({
      videoId: VIDEO,
      language: 'te',
      sourceStream: 1,
      originalLanguage: 'ta',
    });
    const { tracks } = await service.list(VIDEO);
    expect(tracks.map((t) => [t.language, t.original, t.source, t.state])).toEqual([
      ['ta', true, 'original', 'queued'],
      ['te', false, 'stream', 'queued'],
    ]);
    expect(jobs).toEqual([
      [AUDIO_JOB, { audioTrackId: tracks[0].audioTrackId }],
      [AUDIO_JOB, { audioTrackId: telugu.audioTrackId }],
    ]);
  });

  it('refuses a stream the source lacks, a language the video has, a language not of the eight, a video not ready', async () => {
    const { service } = setUp();
    expect(await code(service.addStream({ videoId: VIDEO, language: 'te', sourceStream: 2 }))).toBe(
      ErrorCode.AUDIO_STREAM_NOT_FOUND,
    );
    await service.addStream({ videoId: VIDEO, language: 'te', sourceStream: 1, originalLanguage: 'ta' });
    expect(await code(service.addStream({ videoId: VIDEO, language: 'te', sourceStream: 0 }))).toBe(
      ErrorCode.CONFLICT,
    );
    // The original is Tamil: a Tamil dub is one too many.
    expect(await code(service.openUpload(VIDEO, 'aaaaaaaaaaaa', 'ta', undefined))).toBe(ErrorCode.CONFLICT);
    expect(await code(service.checkUpload(VIDEO, 'fr' as 'ta'))).toBe(ErrorCode.VALIDATION_FAILED);
    const transcoding = setUp({ state: 'transcoding' });
    expect(await code(transcoding.service.checkUpload(VIDEO, 'hi'))).toBe(ErrorCode.CONFLICT);
    expect(await code(service.list('7a1e8f2c-0000-4000-8000-000000000000'))).toBe(ErrorCode.NOT_FOUND);
  });

  it('gives a video without sound no original, and a copy (no source) no streams to take', async () => {
    const silent = setUp({ hasAudio: false });
    await silent.service.openUpload(VIDEO, 'bbbbbbbbbbbb', 'hi', 'ta');
    expect((await silent.service.list(VIDEO)).tracks.map((t) => t.language)).toEqual(['hi']);
    const copy = setUp({ sourceKey: null, sourceAudio: null });
    expect((await copy.service.list(VIDEO)).sourceStreams).toEqual([]);
  });

  it('keeps the original while dubs remain; the last dub takes it with it, files and all', async () => {
    const { service, forgotten, removed } = setUp();
    await service.addStream({ videoId: VIDEO, language: 'te', sourceStream: 1, originalLanguage: 'ta' });
    await service.openUpload(VIDEO, 'cccccccccccc', 'hi', 'ta');
    const [original, hindi, telugu] = (await service.list(VIDEO)).tracks;
    expect(await code(service.remove({ videoId: VIDEO, audioTrackId: original.audioTrackId }))).toBe(
      ErrorCode.CONFLICT,
    );
    expect((await service.remove({ videoId: VIDEO, audioTrackId: hindi.audioTrackId })).tracks).toHaveLength(
      2,
    );
    expect((await service.remove({ videoId: VIDEO, audioTrackId: telugu.audioTrackId })).tracks).toEqual([]);
    expect(forgotten).toEqual([VIDEO, VIDEO]);
    expect(removed.flat()).toEqual([
      `hls/${VIDEO}/audio/cccccccccccc/index.m3u8`,
      `hls/${VIDEO}/audio/${telugu.audioTrackId}/index.m3u8`,
      `hls/${VIDEO}/audio/${original.audioTrackId}/index.m3u8`,
    ]);
  });
});
