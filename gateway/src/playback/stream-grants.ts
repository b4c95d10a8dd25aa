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

/**
 * A call under way whose answer is read later, perhaps never (an earlier check refused): its failure is
 * thrown where it is read, and is not an unhandled rejection meanwhile.
 */
function settled<T>(call: Promise<T>): () => Promise<T> {
  call.catch(() => undefined);
  return () => call;
}

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
    const viewerId = ask.caller?.role === 'user' ? ask.caller.subjectId : undefined;
    // The title, the profile and the plan are asked side by side (a new viewer's first grant waits for
    // the slowest, not for all three in turn), and checked in the order above: the title's answer,
    // or its error, comes first. A viewer's plan is needed for a free title too.
    const asked = settled(this.sources.of({ kind: ask.kind, idOrSlug: ask.idOrSlug }));
    const profileAsked = settled(this.callers.of(ask.caller));
    const planAsked = viewerId ? settled(this.entitlement(viewerId)) : undefined;
    const source = await asked();
    const ready = source.video?.state === 'ready' ? source.video : null;
    if (!ready && !source.externalUrl)
      throw new DomainError(ErrorCode.VIDEO_NOT_READY, StreamMessages.notReady);
    const profile = await profileAsked();
    // A kids profile never plays a title above its level (D37), free or not; an unknown rating counts as A.
    if (profile && !maturityAllows(profile.maturity, source.rating ?? 'A'))
      throw new DomainError(ErrorCode.PROFILE_MATURITY_BLOCKED, StreamMessages.maturityBlocked);

    if (source.isFree) {
      const isSubscribed = planAsked ? (await planAsked()).isSubscribed : false;
      if (!ready) return this.external(source.externalUrl!, FREE_MAX_RESOLUTION, isSubscribed);
      return this.rpc.call(Subjects.media.streams.grant, {
        videoId: ready.videoId,
        ...(viewerId ? { viewerId, screenId: ask.caller!.sessionId } : {}),
        maxResolution: FREE_MAX_RESOLUTION,
        maxStreams: 0,
        isSubscribed,
      });
    }

    if (!viewerId || !planAsked) throw new DomainError(ErrorCode.UNAUTHORIZED_ACCESS, StreamMessages.signIn);
    const plan = await planAsked();
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
