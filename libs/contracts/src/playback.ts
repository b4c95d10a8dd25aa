import 'reflect-metadata';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import type { ContinueWatching, PlaybackReport, StreamAnswer, WatchPosition } from './playback-answers';
import { DEVICE_CLASSES, type DeviceClass } from './plans';
import { subject } from './subject';

export * from './playback-answers';

/** A screen is one signed-in session (D24): its id is the session's. */
export class StreamGrantRequest {
  @IsUUID()
  videoId: string;

  /** Null for a visitor watching a free title. */
  @IsOptional()
  @IsUUID()
  viewerId?: string;

  @IsOptional()
  @IsUUID()
  screenId?: string;

  @IsInt()
  @Min(360)
  @Max(2160)
  maxResolution: number;

  /** The plan's screens (D24); 0 when the title is free and takes no screen. */
  @IsInt()
  @Min(0)
  @Max(16)
  maxStreams: number;

  @IsBoolean()
  isSubscribed: boolean;
}

export class ScreenRequest {
  @IsUUID()
  viewerId: string;

  @IsUUID()
  screenId: string;
}

/**
 * The internal header in which the gateway tells media's stream origin which viewer it verified calling
 * (a paid stream's URL is that viewer's own); a header of that name from a client never reaches media.
 */
export const STREAM_VIEWER_HEADER = 'x-chitram-viewer';

/** A token of the stream origin, as it appears in a stream URL. */
export const STREAM_TOKEN = /^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{20,100}$/;

export class StreamTokenRequest {
  @Matches(STREAM_TOKEN)
  token: string;

  @IsString()
  @MaxLength(200)
  path: string;
}

export interface ScreenHeld {
  /** False when the slot had already lapsed (the player must ask for a new grant). */
  held: boolean;
}

/**
 * The stream pass (media signs it, bound to the viewer and the session, for a few minutes): the gateway
 * keeps it in this HttpOnly cookie, sent only to the stream's path, and hands it to media in
 * STREAM_PASS_HEADER, so that a player that cannot send the bearer token with each playlist and segment
 * request (Safari's own HLS) is still known as the viewer. Heartbeats renew it.
 */
export const STREAM_PASS_COOKIE = 'chitram_stream';
export const STREAM_PASS_HEADER = 'x-chitram-stream-pass';
/** Where the gateway serves the stream origin, and the path the pass cookie is sent to. */
export const STREAM_PATH = '/api/stream/';
/** A pass lives this long unless a heartbeat renews it. */
export const STREAM_PASS_SECONDS = 10 * 60;

/** What media answers a grant: the viewer's answer, and a pass for a signed-in viewer (null for a visitor). */
export type StreamGrant = StreamAnswer & { pass: string | null };

/** What media answers a heartbeat: whether the screen is still held, and the viewer's renewed pass. */
export type ScreenBeat = ScreenHeld & { pass: string };

/** Where a viewer is in a title, as the player reports it with its heartbeats. */
export class PlaybackReportBody implements PlaybackReport {
  @IsIn(['movie', 'episode'])
  kind: 'movie' | 'episode';

  @IsUUID()
  titleId: string;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(86_400)
  positionSeconds: number;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(86_400)
  durationSeconds: number;
}

export class SaveWatchRequest extends PlaybackReportBody {
  /** The account: plays and watch time count per account (D12). */
  @IsUUID()
  viewerId: string;

  /**
   * The profile in use (issue 22, D37), whose position this is; absent: the account's first profile
   * (the viewer's id).
   */
  @IsOptional()
  @IsUUID()
  profileId?: string;

  /** D20's class of the device it plays on, for the analytics of watch time. */
  @IsIn(DEVICE_CLASSES)
  deviceClass: DeviceClass;
}

export class WatchPositionRequest {
  @IsUUID()
  viewerId: string;

  @IsIn(['movie', 'episode'])
  kind: 'movie' | 'episode';

  @IsUUID()
  titleId: string;
}

/** Subjects.catalog.watch, each with its payload and answer. */
export const WatchSubjects = {
  save: subject<SaveWatchRequest, WatchPosition>('chitram.catalog.watch.save.v1'),
  position: subject<WatchPositionRequest, WatchPosition | null>('chitram.catalog.watch.position.v1'),
  continueWatching: subject<ViewerWatchRequest, ContinueWatching[]>('chitram.catalog.watch.continue.v1'),
} as const;

export class ViewerWatchRequest {
  @IsUUID()
  viewerId: string;
}

// ---- Events for analytics (D12) ----

/** Events.playStarted: a viewer (or a visitor) started a title. */
export interface PlayStarted {
  viewerId: string | null;
  kind: 'movie' | 'episode';
  titleId: string;
  deviceClass: DeviceClass;
  day: string;
  at: string;
}

/** Events.watchTimeRecorded: seconds watched of a title, as the heartbeats showed them. */
export interface WatchTimeRecorded {
  viewerId: string;
  kind: 'movie' | 'episode';
  titleId: string;
  deviceClass: DeviceClass;
  seconds: number;
  /** YYYY-MM-DD in India. */
  day: string;
}

/** Subjects.media.streams, each with its payload and answer. */
export const StreamSubjects = {
  grant: subject<StreamGrantRequest, StreamGrant>('chitram.media.streams.grant.v1'),
  heartbeat: subject<ScreenRequest, ScreenBeat>('chitram.media.streams.heartbeat.v1'),
  release: subject<ScreenRequest, ScreenHeld>('chitram.media.streams.release.v1'),
} as const;
