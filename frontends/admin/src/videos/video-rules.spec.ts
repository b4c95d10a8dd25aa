import { isUnsettled, takesAFile, videoFileProblem, videoStateText } from './video-rules';

const file = (name: string, type: string, size = 10) =>
  Object.defineProperty(new File(['x'], name, { type }), 'size', { value: size });

describe('video rules', () => {
  it('takes video files up to 20 GB, by type or by name', () => {
    expect(videoFileProblem(file('film.mp4', 'video/mp4'))).toBeUndefined();
    expect(videoFileProblem(file('master.mkv', ''))).toBeUndefined();
    expect(videoFileProblem(file('master.MOV', 'application/octet-stream'))).toBeUndefined();
    expect(videoFileProblem(file('letter.pdf', 'application/pdf'))).toBe(
      'Choose a video file (MP4, MOV, WebM or MKV)',
    );
    expect(videoFileProblem(file('huge.mp4', 'video/mp4', 20 * 1024 ** 3 + 1))).toBe(
      'The video may be at most 20 GB',
    );
    expect(videoFileProblem(file('empty.mp4', 'video/mp4', 0))).toBe('The video file is empty');
  });

  it('says each state as the lists show it', () => {
    const video = { progress: 0, error: null };
    expect(videoStateText({ ...video, state: 'uploading' })).toBe('Uploading');
    expect(videoStateText({ ...video, state: 'queued' })).toBe('Queued');
    expect(videoStateText({ ...video, state: 'transcoding', progress: 42 })).toBe('Transcoding 42%');
    expect(videoStateText({ ...video, state: 'ready', progress: 100 })).toBe('Ready');
    expect(videoStateText({ ...video, state: 'failed', error: 'The file is not a video.' })).toBe(
      'Failed: The file is not a video.',
    );
    expect(isUnsettled('transcoding')).toBe(true);
    expect(isUnsettled('uploading')).toBe(true);
    expect(isUnsettled('ready')).toBe(false);
    expect(isUnsettled('failed')).toBe(false);
    expect(videoStateText({ ...video, state: 'cancelled' })).toBe('No video: upload cancelled');
    expect(isUnsettled('cancelled')).toBe(false);
    expect(takesAFile({ videoId: 'v', state: 'cancelled', progress: 0, error: null, renditions: [] })).toBe(
      true,
    );
    expect(takesAFile({ videoId: 'v', state: 'failed', progress: 0, error: 'x', renditions: [] })).toBe(true);
    expect(takesAFile({ videoId: 'v', state: 'ready', progress: 100, error: null, renditions: [360] })).toBe(
      false,
    );
    expect(takesAFile(null)).toBe(false);
  });
});
