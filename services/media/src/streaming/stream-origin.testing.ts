import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Subjects } from '@chitram/contracts';
import { internalToken, MEDIA_TOKEN_HEADER, type RpcClient } from '@chitram/nest-kit';
import { waitFor, type TestService } from '@chitram/test-helpers';
import { ObjectStorage } from '../storage/object-storage';
import { VideosService } from '../videos/videos.service';

/** For the stream specs: what the media server answered. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET to the media server as the gateway makes it (with the internal token), read whole. */
export function getFromMedia(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { [MEDIA_TOKEN_HEADER]: internalToken(''), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
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
