import 'reflect-metadata';
import {
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import type { StreamAnswer } from './playback-answers';
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

/** Subjects.media.streams, each with its payload and answer. */
export const StreamSubjects = {
  grant: subject<StreamGrantRequest, StreamAnswer>('chitram.media.streams.grant.v1'),
  heartbeat: subject<ScreenRequest, ScreenHeld>('chitram.media.streams.heartbeat.v1'),
  release: subject<ScreenRequest, ScreenHeld>('chitram.media.streams.release.v1'),
} as const;
