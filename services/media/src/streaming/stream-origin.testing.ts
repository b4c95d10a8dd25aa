import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Subjects } from '@chitram/contracts';
import { internalToken, MEDIA_TOKEN_HEADER, type RpcClient } from '@chitram/nest-kit';
import { waitFor, type TestService } from '@chitram/test-helpers';
import { ObjectStorage } from '../storage/object-storage';
import { ffmpegTools } from '../transcoding/ffmpeg';
import { VideosService } from '../videos/videos.service';

/** For the stream specs: what the media server answered. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request to the media server as the gateway makes it (with the internal token), read whole. */
export function sendToMedia(
  url: string,
  method: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, headers: { [MEDIA_TOKEN_HEADER]: internalToken(''), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    ).on('error', reject);
    req.end(body);
  });
}

/** A GET to the media server as the gateway makes it (with the internal token), read whole. */
export function getFromMedia(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return sendToMedia(url, 'GET', headers);
}

/** The attributes of an EXT-X-MEDIA or EXT-X-STREAM-INF line. */
export function attributesOf(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of line.slice(line.indexOf(':') + 1).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g))
    out[match[1]] = match[2].replace(/^"|"$/g, '');
  return out;
}

/**
 * What ffmpeg prints of an input (`-i` among `args`; with no output it stops there). The npm ffprobe
 * this machine falls back to crashes on any MPEG-TS, so ffmpeg (the same libavformat) is asked (D44).
 */
export async function ffmpegSays(args: string[]): Promise<string> {
  const { ffmpeg } = await ffmpegTools();
  return new Promise((resolve, reject) => {
    execFile(ffmpeg, ['-hide_banner', ...args], { timeout: 60_000 }, (error, _out, err) =>
      err.includes('Input #0') ? resolve(err) : reject(error ?? new Error(err)),
    );
  });
}

/**
 * A stand-in for the gateway that ffmpeg can read a stream through: its /api/stream/ addresses passed
 * on by `origin` (which says who the viewer is). Answers the server and its address.
 */
export async function gatewayStandIn(
  origin: (url: string) => Promise<Answer>,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    void origin(req.url ?? '/').then((answer) => {
      res.writeHead(answer.status, { 'content-type': String(answer.headers['content-type'] ?? '') });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * A movie's video made from `file` by the service's own transcoding worker, once it is ready: its
 * source put in storage as an upload would, then waited for (a whole ladder, beside the browser suite).
 */
export async function transcodedVideo(media: TestService, rpc: RpcClient, file: string): Promise<string> {
  const { videoId } = await rpc.call(Subjects.media.videos.create, {
    ownerKind: 'movie',
    ownerId: randomUUID(),
  });
  const key = `videos/${randomUUID()}.mp4`;
  await media.app.get(ObjectStorage).put(key, createReadStream(file), 'video/mp4');
  await media.app.get(VideosService).sourceStored(videoId, key);
  await waitFor(
    async () => (await rpc.call(Subjects.media.videos.get, { videoId })).state === 'ready',
    150_000,
    300,
  );
  return videoId;
}
