import { DomainError, ErrorCode } from '@chitram/contracts';
import type { Logger } from '@chitram/nest-kit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isMissingObject, type ObjectStorage } from '../storage/object-storage';
import { parseByteRange } from './byte-range';

/**
 * Answers a stored object with validators, one byte range when asked (video players seek with them),
 * HEAD, 304 and 416, streaming it from storage without holding it.
 */
export async function serveObject(
  storage: ObjectStorage,
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  cacheControl: string,
  notFoundMessage = 'There is nothing at this address.',
): Promise<void> {
  let info;
  try {
    info = await storage.stat(key);
  } catch (error) {
    if (isMissingObject(error)) throw new DomainError(ErrorCode.NOT_FOUND, notFoundMessage);
    throw error;
  }
  const etag = `"${info.etag}"`;
  const headers: Record<string, string | number> = {
    'content-type': info.contentType,
    'cache-control': cacheControl,
    etag,
    'last-modified': info.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
  };
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const range = parseByteRange(req.headers.range, info.size);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'content-range': `bytes */${info.size}` }).end();
    return;
  }
  const length = range ? range.end - range.start + 1 : info.size;
  headers['content-length'] = length;
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${info.size}`;
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  const body = await storage.read(key, range && { offset: range.start, length });
  body.on('error', (error) => {
    logger.warn({ err: error, key }, 'reading a stored object failed part-way');
    res.destroy(error);
  });
  res.on('close', () => body.destroy());
  body.pipe(res);
}
