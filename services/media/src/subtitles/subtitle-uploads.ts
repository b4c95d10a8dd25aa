import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, SUBTITLE_UPLOAD_MAX_BYTES, SUBTITLE_UPLOADS_PATH } from '@chitram/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { subtitleKindOf, SubtitlesService } from './subtitles.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The body, up to `limit` bytes; a larger one is refused as soon as it is (the rest is read and dropped). */
async function bodyOf(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  const tooLarge = () =>
    new DomainError(
      ErrorCode.PAYLOAD_TOO_LARGE,
      `A subtitle file may be up to ${Math.round(limit / 1024)} KB.`,
    );
  const chunks: Buffer[] = [];
  let size = 0;
  let over = Number.isFinite(declared) && declared > limit;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (over) continue;
    size += chunk.length;
    if (size > limit) over = true;
    else chunks.push(chunk);
  }
  if (over) throw tooLarge();
  return Buffer.concat(chunks);
}

/**
 * A subtitle file's upload (D44), a plain request rather than tus: a file is at most
 * SUBTITLE_UPLOAD_MAX_BYTES, sent whole in one go.
 *
 *   POST /uploads/subtitles/<videoId>?language=ta&forced=false&sdh=false   body: the file → 201 SubtitleTrack
 */
@Injectable()
export class SubtitleUploads {
  constructor(private readonly subtitles: SubtitlesService) {}

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const videoId = url.pathname.slice(SUBTITLE_UPLOADS_PATH.length + 1);
    if (req.method !== 'POST' || !UUID.test(videoId))
      throw new DomainError(ErrorCode.ROUTE_NOT_FOUND, 'There is nothing at this address.');
    const kind = subtitleKindOf(url.searchParams);
    const bytes = await bodyOf(req, SUBTITLE_UPLOAD_MAX_BYTES);
    const track = await this.subtitles.add(videoId.toLowerCase(), kind, bytes);
    const json = JSON.stringify(track);
    res.writeHead(201, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
    });
    res.end(json);
  }
}
