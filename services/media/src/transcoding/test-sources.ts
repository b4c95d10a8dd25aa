import { ffmpegTools, run } from './ffmpeg';

/**
 * A short source video made on this machine from ffmpeg's test pattern and a tone (no download needed):
 * for tests, and for the demo titles of `npm start`.
 */
export async function makeTestVideo(
  file: string,
  {
    seconds,
    height,
    audio = true,
    pattern = 'testsrc2',
    tone = 440,
    moreTones = [],
  }: {
    seconds: number;
    height: number;
    audio?: boolean;
    pattern?: 'testsrc2' | 'smptehdbars' | 'rgbtestsrc';
    tone?: number;
    /** More audio streams after the first, a tone each (D44: a dub taken from the source's own streams). */
    moreTones?: number[];
  },
): Promise<void> {
  const width = Math.round((height * 16) / 9 / 2) * 2;
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  args.push('-f', 'lavfi', '-i', `${pattern}=size=${width}x${height}:rate=25:duration=${seconds}`);
  const tones = audio ? [tone, ...moreTones] : [];
  for (const frequency of tones)
    args.push('-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`);
  if (tones.length > 1) args.push('-map', '0:v', ...tones.flatMap((_, i) => ['-map', `${i + 1}:a`]));
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (audio) args.push('-c:a', 'aac', '-shortest');
  args.push(file);
  await run((await ffmpegTools()).ffmpeg, args);
}

/** An audio file of a tone (D44's dubs in tests and the demo): WAV, MP3 or anything its name's extension says. */
export async function makeToneAudio(file: string, { seconds, tone }: { seconds: number; tone: number }) {
  await run((await ffmpegTools()).ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    // Quieter than the video's own tone: the tracks' loudness is evened out (loudnorm) when they are made.
    `sine=frequency=${tone}:sample_rate=44100:duration=${seconds},volume=0.3`,
    file,
  ]);
}

/**
 * A source whose picture stops (at `pictureSeconds`) long before its sound (`soundSeconds`): its
 * renditions have keyframes for the first part only, so trickplay sheets would stop short (D42).
 */
export async function makeShortPictureVideo(
  file: string,
  { pictureSeconds, soundSeconds }: { pictureSeconds: number; soundSeconds: number },
): Promise<void> {
  await run((await ffmpegTools()).ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=25:duration=${pictureSeconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${soundSeconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    file,
  ]);
}

/** Whether these bytes are whole MPEG-TS packets: 188 bytes each, every one starting with the sync byte 0x47. */
export function isTransportStream(data: Buffer): boolean {
  if (data.length === 0 || data.length % 188 !== 0) return false;
  for (let at = 0; at < data.length; at += 188) if (data[at] !== 0x47) return false;
  return true;
}

/** A melody of semitones above 220 Hz: `notesPerSecond` notes, each `step` semitones on from the last. */
const melody = (notesPerSecond: number, step: number, seconds: number) =>
  `aevalsrc=exprs='0.5*sin(2*PI*t*220*pow(2\\,mod(floor(t*${notesPerSecond})*${step}\\,12)/12))':s=48000:d=${seconds}`;

/**
 * An episode whose first `introSeconds` are the series' intro (the same melody in every episode made
 * here) and whose rest is a melody of its own (`variant` 1–4: other note lengths and intervals), for
 * D42's suggested intros.
 */
export async function makeEpisodeVideo(
  file: string,
  {
    introSeconds,
    restSeconds,
    variant,
    pattern = 'testsrc2',
  }: {
    introSeconds: number;
    restSeconds: number;
    variant: number;
    pattern?: 'testsrc2' | 'smptehdbars' | 'rgbtestsrc';
  },
): Promise<void> {
  const seconds = introSeconds + restSeconds;
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  args.push('-f', 'lavfi', '-i', `${pattern}=size=640x360:rate=25:duration=${seconds}`);
  args.push('-f', 'lavfi', '-i', melody(3, 7, introSeconds));
  args.push('-f', 'lavfi', '-i', melody(3 + variant, variant % 2 ? 5 : 11, restSeconds));
  args.push('-filter_complex', '[1:a][2:a]concat=n=2:v=0:a=1[a]', '-map', '0:v', '-map', '[a]');
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file);
  await run((await ffmpegTools()).ffmpeg, args);
}
