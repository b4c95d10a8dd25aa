import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import { DomainError, ErrorCode } from '@chitram/contracts';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_BYTES_TYPE } from '../media/upload-stream-parser';

export const JSON_TYPE = 'application/json';

/** Methods whose body a route reads; a GET's or HEAD's body is ignored whatever its type. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `Application/JSON; charset=utf-8` → `application/json`. */
export function mediaTypeOf(header: string | undefined): string | undefined {
  return header?.split(';', 1)[0].trim().toLowerCase() || undefined;
}

/** The framing headers say a body follows (Fastify reads one on the same test). */
export function carriesBody(headers: FastifyRequest['headers']): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The body types a route takes: those its OpenAPI declaration names with @ApiConsumes, else JSON alone. */
export function bodyTypesOf(handler: object, controller: object): string[] {
  const declared = (Reflect.getMetadata(DECORATORS.API_CONSUMES, handler) ??
    Reflect.getMetadata(DECORATORS.API_CONSUMES, controller)) as string[] | undefined;
  return declared?.length ? declared.map((type) => type.toLowerCase()) : [JSON_TYPE];
}

/**
 * A body must be of a type its route takes, else 415 before validation or the handler: a form on
 * another site can post text/plain, urlencoded or multipart without a preflight, never JSON, so no
 * JSON route (codes, admin login) can be reached from one. The admin's upload forms declare
 * multipart/form-data; tus upload bytes are taken or refused per route by their own parser.
 */
@Injectable()
export class JsonOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!BODY_METHODS.has(request.method) || !carriesBody(request.headers)) return true;
    const type = mediaTypeOf(request.headers['content-type']);
    if (type === UPLOAD_BYTES_TYPE) return true;
    const accepted = bodyTypesOf(context.getHandler(), context.getClass());
    if (type && accepted.includes(type)) return true;
    throw new DomainError(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `Send this request's body as ${accepted.join(' or ')}.`,
    );
  }
}
