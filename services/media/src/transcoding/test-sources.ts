import { ffmpegTools, run } from './ffmpeg';

/**
 * A short source video made on this machine from ffmpeg's test pattern and a tone (no download needed):
 * for tests, and for the demo titles of `npm start`.
 */
export async function makeTestVideo(
  file: string,
  { seconds, height, audio = true }: { seconds: number; height: number; audio?: boolean },
): Promise<void> {
  const width = Math.round((height * 16) / 9 / 2) * 2;
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  args.push('-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`);
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (audio) args.push('-c:a', 'aac', '-shortest');
  args.push(file);
  await run((await ffmpegTools()).ffmpeg, args);
}
