import { spawn, spawnSync } from 'node:child_process';

/** Where ffmpeg and ffprobe are: the machine's own when on the PATH, else the ones the npm packages ship. */
export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
  /** Where they came from, for the logs. */
  source: 'system' | 'npm';
}

function onPath(name: string): boolean {
  return spawnSync(name, ['-version'], { stdio: 'ignore' }).status === 0;
}

let found: Promise<FfmpegTools> | undefined;

/** The machine's ffmpeg when it has one (Debian's, in the Docker image), otherwise the bundled binaries. */
export function ffmpegTools(): Promise<FfmpegTools> {
  found ??= (async () => {
    if (onPath('ffmpeg') && onPath('ffprobe'))
      return { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', source: 'system' };
    // Loaded only when needed: each package finds the binary for this platform, and fails on others.
    const [ffmpeg, ffprobe] = await Promise.all([
      import('@ffmpeg-installer/ffmpeg'),
      import('@ffprobe-installer/ffprobe'),
    ]);
    return { ffmpeg: ffmpeg.path, ffprobe: ffprobe.path, source: 'npm' };
  })();
  return found;
}

export interface RunOptions {
  /** Called with each `key=value` block ffmpeg writes to `-progress pipe:1`. */
  onProgress?: (fields: Map<string, string>) => void;
  signal?: AbortSignal;
}

/** Runs a tool to completion; a non-zero exit becomes an error carrying the end of what it printed. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    const out: Buffer[] = [];
    let err = '';
    let pending = new Map<string, string>();
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (!options.onProgress) {
        out.push(chunk);
        return;
      }
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const at = line.indexOf('=');
        if (at < 0) continue;
        pending.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
        if (line.startsWith('progress=')) {
          options.onProgress(pending);
          pending = new Map();
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out).toString());
      else
        reject(
          new Error(
            `${command} ${signal ? `was stopped (${signal})` : `exited with ${code}`}: ${err.trim().split('\n').slice(-3).join(' ')}`,
          ),
        );
    });
  });
}
