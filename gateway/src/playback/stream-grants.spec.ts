import { randomUUID } from 'node:crypto';
import {
  DomainError,
  ErrorCode,
  PLANS,
  Subjects,
  type Entitlement,
  type PlaybackSource,
  type PlanKey,
  type StreamGrantRequest,
} from '@chitram/contracts';
import type { RpcClient } from '@chitram/nest-kit';
import type { Principal } from '../auth/principal';
import type { GatewayConfig } from '../config';
import { Entitlements } from './entitlements';
import { PlaybackSources } from './playback-sources';
import { CallerProfiles } from '../users/caller-profiles';
import { StreamGrants } from './stream-grants';

const AGENT = {
  mobile: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
  website: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
  tab: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
  tv: 'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.5) AppleWebKit/537.36 85.0 TV Safari/537.36',
};
type Device = keyof typeof AGENT;

/** The services the grant asks, answering as the real ones do for one title and one viewer's plan. */
function services(source: Partial<PlaybackSource>, plan: PlanKey | null) {
  const grants: StreamGrantRequest[] = [];
  const found = plan ? PLANS.find((p) => p.planKey === plan)! : null;
  const entitlement: Entitlement = {
    viewerId: 'v',
    isSubscribed: Boolean(found),
    activeSubscription: found
      ? { planKey: found.planKey, planName: found.plan, validTill: '2099-01-01T00:00:00Z' }
      : null,
    devices: found ? [...found.devices] : [],
    maxResolution: found?.maxResolution ?? 0,
    maxStreams: found?.maxStreams ?? 0,
  };
  const answer = (subject: string, body: unknown): unknown => {
    if (subject === Subjects.catalog.playbackSource)
      return {
        titleId: 't',
        kind: 'movie',
        title: 'A film',
        isFree: false,
        externalUrl: null,
        video: {
          videoId: 'vid',
          state: 'ready',
          progress: 100,
          error: null,
          renditions: [360, 480, 720, 1080, 1440, 2160],
        },
        ...source,
      };
    if (subject === Subjects.billing.entitlement) return entitlement;
    if (subject === Subjects.users.profiles.get)
      return { _id: (body as { profileId: string }).profileId, maturity: 'kids' };
    if (subject === Subjects.media.streams.grant) {
      grants.push(body as StreamGrantRequest);
      return {
        movieUrl: '/api/stream/x/master.m3u8',
        maxResolution: (body as StreamGrantRequest).maxResolution,
        kind: 'hls',
      };
    }
    throw new Error(`unexpected ${subject}`);
  };
  const rpc = {
    request: (subject: string, body: unknown) => Promise.resolve(answer(subject, body)),
    call: (subject: string, body: unknown) => Promise.resolve(answer(subject, body)),
  } as unknown as RpcClient;
  // The caches as the grants use them, without their NATS invalidation (not started here).
  const sources = new PlaybackSources(rpc, undefined as never);
  const entitlements = new Entitlements(rpc, {} as GatewayConfig, undefined as never);
  return { grants, streams: new StreamGrants(rpc, sources, entitlements, new CallerProfiles(rpc)) };
}

const viewer: Principal = { subjectId: randomUUID(), role: 'user', sessionId: randomUUID() };

async function outcome(
  plan: PlanKey | null,
  device: Device,
  source: Partial<PlaybackSource> = {},
  caller: Principal | null = viewer,
) {
  const { streams, grants } = services(source, plan);
  try {
    const answer = await streams.stream({
      kind: 'movie',
      idOrSlug: 't',
      caller: caller ?? undefined,
      userAgent: AGENT[device],
      declaredDevice: undefined,
    });
    return { result: `plays up to ${answer.maxResolution}`, grant: grants[0] };
  } catch (error) {
    return { result: (error as DomainError).code, grant: undefined };
  }
}

describe('who may play what, where (DECISIONS D20–D22)', () => {
  const table: Array<[PlanKey | null, Device, string]> = [
    [null, 'mobile', ErrorCode.UNAUTHORIZED_ACCESS],
    ['basic', 'mobile', 'plays up to 720'],
    ['basic', 'website', ErrorCode.DEVICE_NOT_ALLOWED],
    ['basic', 'tab', ErrorCode.DEVICE_NOT_ALLOWED],
    ['basic', 'tv', ErrorCode.DEVICE_NOT_ALLOWED],
    ['standard', 'mobile', 'plays up to 1080'],
    ['standard', 'website', 'plays up to 1080'],
    ['standard', 'tab', ErrorCode.DEVICE_NOT_ALLOWED],
    ['standard', 'tv', ErrorCode.DEVICE_NOT_ALLOWED],
    ['premium', 'website', 'plays up to 1440'],
    ['premium', 'tab', 'plays up to 1440'],
    ['premium', 'tv', 'plays up to 1440'],
    ['gold', 'tv', 'plays up to 2160'],
    ['gold', 'mobile', 'plays up to 2160'],
  ];
  it.each(table)('a paid title, plan %s, on %s: %s', async (plan, device, expected) => {
    expect((await outcome(plan, device)).result).toBe(expected);
  });

  it('refuses a kids profile an A-rated title, free or not, and plays it a U title (D37)', async () => {
    const kid: Principal = { ...viewer, profileId: randomUUID() };
    expect((await outcome('gold', 'website', { rating: 'A' }, kid)).result).toBe(
      ErrorCode.PROFILE_MATURITY_BLOCKED,
    );
    expect((await outcome(null, 'website', { rating: 'A', isFree: true }, kid)).result).toBe(
      ErrorCode.PROFILE_MATURITY_BLOCKED,
    );
    expect((await outcome('gold', 'website', { rating: 'U' }, kid)).result).toBe('plays up to 2160');
    // The account's first profile is an adult's.
    expect((await outcome('gold', 'website', { rating: 'A' }, viewer)).result).toBe('plays up to 2160');
  });

  it("takes one of the plan's screens, the caller's session being the screen (D24)", async () => {
    const { grant } = await outcome('premium', 'tv');
    expect(grant).toMatchObject({
      viewerId: viewer.subjectId,
      screenId: viewer.sessionId,
      maxStreams: 3,
      maxResolution: 1440,
    });
  });

  it('plays a free title for anyone, visitors included, on any device, at up to 720p, taking no screen (D22)', async () => {
    for (const [plan, caller] of [
      [null, undefined],
      [null, viewer],
      ['gold', viewer],
    ] as const) {
      const { result, grant } = await outcome(plan, 'tv', { isFree: true }, caller);
      expect(result).toBe('plays up to 720');
      expect(grant).toMatchObject({ maxResolution: 720, maxStreams: 0 });
    }
  });

  it('asks a visitor to sign in for a paid title, and says when a title is not ready', async () => {
    expect((await outcome('gold', 'mobile', {}, null)).result).toBe(ErrorCode.UNAUTHORIZED_ACCESS);
    expect((await outcome('gold', 'mobile', { video: null })).result).toBe(ErrorCode.VIDEO_NOT_READY);
    const transcoding = {
      videoId: 'v',
      state: 'transcoding' as const,
      progress: 40,
      error: null,
      renditions: [],
    };
    expect((await outcome('gold', 'mobile', { video: transcoding })).result).toBe(ErrorCode.VIDEO_NOT_READY);
  });

  it('plays a title with only a link as given, after the same plan and device checks (D23)', async () => {
    const linked = { video: null, externalUrl: 'https://cdn.example.in/film.m3u8' };
    const { streams } = services(linked, 'standard');
    await expect(
      streams.stream({
        kind: 'movie',
        idOrSlug: 't',
        caller: viewer,
        userAgent: AGENT.website,
        declaredDevice: undefined,
      }),
    ).resolves.toEqual({
      movieUrl: linked.externalUrl,
      maxResolution: 1080,
      isSubscribed: true,
      kind: 'external',
      renditions: [],
      // A link has no trickplay sheets or markers of ours (D42).
      thumbnailsUrl: null,
      markers: {},
      pass: null,
    });
    expect((await outcome('basic', 'website', linked)).result).toBe(ErrorCode.DEVICE_NOT_ALLOWED);
  });
});

describe("a grant's questions to the other services", () => {
  /** An RPC client whose answers wait until the test lets them go, noting what was asked meanwhile. */
  function heldServices(answers: Record<string, () => unknown>) {
    const asked: string[] = [];
    const held: Array<() => void> = [];
    const rpc = {
      call: (subject: string) => {
        asked.push(subject);
        return new Promise((resolve, reject) =>
          held.push(() => {
            try {
              resolve(answers[subject]());
            } catch (error) {
              reject(error);
            }
          }),
        );
      },
    } as unknown as RpcClient;
    const streams = new StreamGrants(
      rpc,
      new PlaybackSources(rpc, undefined as never),
      new Entitlements(rpc, {} as GatewayConfig, undefined as never),
      new CallerProfiles(rpc),
    );
    return { streams, asked, release: () => held.splice(0).forEach((go) => go()) };
  }
  const kid: Principal = { ...viewer, profileId: randomUUID() };
  const ask = {
    kind: 'movie' as const,
    idOrSlug: 't',
    caller: kid,
    userAgent: AGENT.website,
    declaredDevice: undefined,
  };
  const gold = PLANS.find((p) => p.planKey === 'gold')!;

  it('asks the title, the profile and the plan side by side, not one after another', async () => {
    const { streams, asked, release } = heldServices({
      [Subjects.catalog.playbackSource]: () => ({
        titleId: 't',
        kind: 'movie',
        title: 'A film',
        isFree: false,
        rating: 'U',
        externalUrl: null,
        video: { videoId: 'vid', state: 'ready', progress: 100, error: null, renditions: [1080] },
      }),
      [Subjects.users.profiles.get]: () => ({ _id: kid.profileId, maturity: 'kids' }),
      [Subjects.billing.entitlement]: () => ({
        viewerId: kid.subjectId,
        isSubscribed: true,
        activeSubscription: { planKey: 'gold', planName: gold.plan, validTill: '2099-01-01T00:00:00Z' },
        devices: [...gold.devices],
        maxResolution: gold.maxResolution,
        maxStreams: gold.maxStreams,
      }),
      [Subjects.media.streams.grant]: () => ({ movieUrl: '/api/stream/x/master.m3u8', maxResolution: 2160 }),
    });
    const granted = streams.stream(ask);
    await Promise.resolve();
    expect([...asked].sort()).toEqual(
      [Subjects.billing.entitlement, Subjects.catalog.playbackSource, Subjects.users.profiles.get].sort(),
    );
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked.at(-1)).toBe(Subjects.media.streams.grant);
    release();
    await expect(granted).resolves.toMatchObject({ maxResolution: 2160 });
  });

  it("still answers what the title says first, whatever the plan's answer", async () => {
    const { streams, release } = heldServices({
      [Subjects.catalog.playbackSource]: () => {
        throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such title.');
      },
      [Subjects.users.profiles.get]: () => ({ _id: kid.profileId, maturity: 'kids' }),
      [Subjects.billing.entitlement]: () => {
        throw new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'Billing is down.');
      },
    });
    const granted = streams.stream(ask);
    release();
    await expect(granted).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});
