import { Injectable } from '@nestjs/common';
import {
  deviceClassOf,
  DomainError,
  ErrorCode,
  FREE_MAX_RESOLUTION,
  maturityAllows,
  StreamMessages,
  Subjects,
  type StreamGrant,
} from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import type { Principal } from '../auth/principal';
import { CallerProfiles } from '../users/caller-profiles';
import { Entitlements } from './entitlements';
import { PlaybackSources } from './playback-sources';

export interface StreamAsk {
  kind: 'movie' | 'episode';
  idOrSlug: string;
  caller: Principal | undefined;
  userAgent: string;
  /** What the client says it is (`X-Device-Class`). */
  declaredDevice: string | undefined;
}

/**
 * `GET /api/movie/{id}/stream` (SPEC §4.5, §7; DECISIONS D20–D24), checked in this order: the title
 * exists and is ready; a free title plays for anyone at up to 720p; otherwise the viewer holds a plan
 * (UNAUTHORIZED_ACCESS), the plan includes this device (DEVICE_NOT_ALLOWED), and a screen is free
 * (STREAM_LIMIT_REACHED, from media, which counts screens).
 */
@Injectable()
export class StreamGrants {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sources: PlaybackSources,
    private readonly entitlements: Entitlements,
    private readonly callers: CallerProfiles,
  ) {}

  /** The viewer's answer, with the stream pass media gave a signed-in viewer (the controller sets it as a cookie). */
  async stream(ask: StreamAsk): Promise<StreamGrant> {
    const source = await this.sources.of({ kind: ask.kind, idOrSlug: ask.idOrSlug });
    const ready = source.video?.state === 'ready' ? source.video : null;
    if (!ready && !source.externalUrl)
      throw new DomainError(ErrorCode.VIDEO_NOT_READY, StreamMessages.notReady);
    const viewerId = ask.caller?.role === 'user' ? ask.caller.subjectId : undefined;
    const profile = await this.callers.of(ask.caller);
    // A kids profile never plays a title above its level (D37), free or not; an unknown rating counts as A.
    if (profile && !maturityAllows(profile.maturity, source.rating ?? 'A'))
      throw new DomainError(ErrorCode.PROFILE_MATURITY_BLOCKED, StreamMessages.maturityBlocked);

    if (source.isFree) {
      const isSubscribed = viewerId ? (await this.entitlement(viewerId)).isSubscribed : false;
      if (!ready) return this.external(source.externalUrl!, FREE_MAX_RESOLUTION, isSubscribed);
      return this.rpc.call(Subjects.media.streams.grant, {
        videoId: ready.videoId,
        ...(viewerId ? { viewerId, screenId: ask.caller!.sessionId } : {}),
        maxResolution: FREE_MAX_RESOLUTION,
        maxStreams: 0,
        isSubscribed,
      });
    }

    if (!viewerId) throw new DomainError(ErrorCode.UNAUTHORIZED_ACCESS, StreamMessages.signIn);
    const plan = await this.entitlement(viewerId);
    if (!plan.isSubscribed) throw new DomainError(ErrorCode.UNAUTHORIZED_ACCESS, StreamMessages.unauthorized);
    const device = deviceClassOf(ask.userAgent, ask.declaredDevice);
    if (!plan.devices.includes(device))
      throw new DomainError(ErrorCode.DEVICE_NOT_ALLOWED, StreamMessages.deviceNotAllowed);
    if (!ready) return this.external(source.externalUrl!, plan.maxResolution, true);
    return this.rpc.call(Subjects.media.streams.grant, {
      videoId: ready.videoId,
      viewerId,
      screenId: ask.caller!.sessionId,
      maxResolution: plan.maxResolution,
      maxStreams: plan.maxStreams,
      isSubscribed: true,
    });
  }

  private entitlement(viewerId: string) {
    return this.entitlements.of(viewerId);
  }

  /** D23: a title with only a link plays it as given. */
  private external(movieUrl: string, maxResolution: number, isSubscribed: boolean): StreamGrant {
    return {
      movieUrl,
      maxResolution,
      isSubscribed,
      kind: 'external',
      renditions: [],
      thumbnailsUrl: null,
      markers: {},
      pass: null,
    };
  }
}
