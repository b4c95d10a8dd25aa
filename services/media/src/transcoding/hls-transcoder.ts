import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegTools, run } from './ffmpeg';
import { AUDIO_KBPS, bandwidthOf, ladderFor, SEGMENT_SECONDS, type Rendition } from './ladder';
import type { VideoProbe } from './probe';
import { encryptRenditions, type SegmentKeys } from './segment-keys';
import { makeTrickplay, TRICKPLAY_DIR, type Trickplay } from './trickplay';

export const MASTER_PLAYLIST = 'master.m3u8';
export const POSTER_FILE = 'poster.jpg';

/** Where each rendition's playlist and segments live under the output folder: `720/index.m3u8`. */
export const renditionPlaylist = (height: number) => `${height}/index.m3u8`;

export interface TranscodedRendition extends Rendition {
  width: number;
}

export interface TranscodeResult {
  renditions: TranscodedRendition[];
  /** Files written under the output folder, relative to it. */
  files: string[];
  /** The seek bar's thumbnails (D42), checked whole. */
  trickplay: Trickplay;
  /** The keys of the encrypted segments (D35), or null for a clear ladder. */
  keys: SegmentKeys | null;
}

export interface TranscodeOptions {
  /** D35: encrypt the segments (HLS AES-128), a new key every this many segments; absent: clear. */
  segmentsPerKey?: number;
}

/**
 * Turns a source video into the HLS ladder of D23 in one ffmpeg run (one decode shared by every
 * rendition): H.264 and AAC, keyframes every 6 seconds so every rendition cuts its 6-second segments at
 * the same moments (a player switches quality between any two), VOD playlists, a poster frame, and the
 * seek bar's trickplay sheets (D42); then, when asked, every segment is encrypted (D35: the sheets are
 * made from the clear lowest rendition first).
 * `onProgress` gets the share done, 0 to 1.
 */
export async function transcodeToHls(
  source: string,
  probe: VideoProbe,
  outDir: string,
  onProgress: (done: number) => void = () => undefined,
  signal?: AbortSignal,
  options: TranscodeOptions = {},
): Promise<TranscodeResult> {
  const renditions = ladderFor(probe.height);
  for (const r of renditions) await mkdir(path.join(outDir, String(r.height)), { recursive: true });
  const { ffmpeg } = await ffmpegTools();

  const split = renditions.map((_, i) => `[s${i}]`).join('');
  const scales = renditions
    .map((r, i) => `[s${i}]scale=-2:${r.height}:flags=bicubic,format=yuv420p[v${i}]`)
    .join(';');
  const args = ['-hide_banner', '-nostats', '-loglevel', 'error', '-y', '-i', source];
  args.push('-filter_complex', `[0:v]split=${renditions.length}${split};${scales}`, '-progress', 'pipe:1');
  // One output per rendition, all fed by the one decode (ffmpeg's var_stream_map crashes in older builds).
  renditions.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    if (probe.hasAudio)
      args.push('-map', '0:a:0', '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '48000');
    args.push(
      '-c:v',
      'libx264',
      '-b:v',
      `${r.videoKbps}k`,
      '-maxrate',
      `${Math.round(r.videoKbps * 1.07)}k`,
      '-bufsize',
      `${r.videoKbps * 2}k`,
      '-preset',
      'veryfast',
      '-profile:v',
      'high',
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_flags',
      'independent_segments',
      '-hls_segment_filename',
      path.join(outDir, String(r.height), 'segment_%04d.ts'),
      path.join(outDir, renditionPlaylist(r.height)),
    );
  });
  await run(ffmpeg, args, {
    signal,
    onProgress: (fields) => {
      const micros = Number(fields.get('out_time_us') ?? fields.get('out_time_ms'));
      if (Number.isFinite(micros)) onProgress(Math.min(1, micros / 1e6 / probe.durationSeconds));
    },
  });

  // The poster and the sheets report no progress of their own: meanwhile the job says it is alive, or
  // the work queue would give it to another worker after its ack wait (D42).
  const alive = setInterval(() => onProgress(1), 1000);
  let trickplay: Trickplay;
  let keys: SegmentKeys | null;
  try {
    // The poster: a frame a tenth of the way in (past a black opening), at most 720p high.
    const at = Math.min(probe.durationSeconds * 0.1, 30).toFixed(2);
    await run(
      ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-ss',
        at,
        '-i',
        source,
        '-frames:v',
        '1',
        '-vf',
        `scale=-2:${Math.min(720, probe.height)}`,
        '-q:v',
        '3',
        path.join(outDir, POSTER_FILE),
      ],
      { signal },
    );

    // Trickplay from the lowest rendition's keyframes (a keyframe every segment, few pixels to decode).
    trickplay = await makeTrickplay(
      path.join(outDir, renditionPlaylist(renditions[0].height)),
      probe.durationSeconds,
      outDir,
      signal,
    );
    keys = options.segmentsPerKey
      ? await encryptRenditions(
          outDir,
          renditions.map((r) => String(r.height)),
          options.segmentsPerKey,
        )
      : null;
  } finally {
    clearInterval(alive);
  }

  const transcoded = renditions.map((r) => ({
    ...r,
    // What scale=-2:<height> makes of the source's shape: the nearest even width.
    width: Math.round((probe.width * r.height) / probe.height / 2) * 2,
  }));
  await writeFile(path.join(outDir, MASTER_PLAYLIST), masterPlaylist(transcoded, probe.hasAudio));
  const files = [MASTER_PLAYLIST, POSTER_FILE];
  for (const r of renditions) files.push(renditionPlaylist(r.height));
  for (const file of trickplay.files) files.push(`${TRICKPLAY_DIR}/${file}`);
  return { renditions: transcoded, files, trickplay, keys };
}

/** The master playlist this platform writes itself (ffmpeg 4's lacks resolutions), one line pair per rendition. */
export function masterPlaylist(
  renditions: ReadonlyArray<Rendition & { width: number }>,
  hasAudio: boolean,
): string {
  const codecs = hasAudio ? 'avc1.640028,mp4a.40.2' : 'avc1.640028';
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidthOf(r)},RESOLUTION=${r.width}x${r.height},CODECS="${codecs}"`,
      renditionPlaylist(r.height),
    );
  }
  return `${lines.join('\n')}\n`;
}
