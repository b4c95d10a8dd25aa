import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AUDIO_TRACK_ID,
  AudioLanguageBody,
  AUDIO_UPLOADS_PATH,
  AudioStreamBody,
  languageCodeOf,
  Subjects,
  type AdminActor,
  type AudioTrack,
  type InterfaceLanguageCode,
  type VideoAudioTracksAnswer,
  type VideoOwnerKind,
} from '@chitram/contracts';
import { LOGGER, type Logger, RpcClient } from '@chitram/nest-kit';
import { Matches } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Actor } from '../admin/audit-actor';
import { fileAdminAction, videoOwner } from '../admin/audit-records';
import { AdminRoute } from '../auth/access';
import { VideoParams } from './admin-videos.controller';
import { VideoUploadProxy } from './video-upload-proxy';

export class AudioTrackParams extends VideoParams {
  @Matches(AUDIO_TRACK_ID, { message: 'audioTrackId is not an audio track of this service' })
  audioTrackId: string;
}

/**
 * The language of the title a video plays, as a code of the eight: the original audio's LANGUAGE when
 * the first dub makes it a rendition (D44). Read from the catalogue, never from the admin's request.
 */
async function titleLanguage(
  rpc: RpcClient,
  ownerKind: VideoOwnerKind,
  ownerId: string,
): Promise<InterfaceLanguageCode | undefined> {
  if (ownerKind === 'movie' || ownerKind === 'movie-trailer')
    return languageCodeOf((await rpc.call(Subjects.catalog.movies.get, { id: ownerId })).language);
  const seriesId =
    ownerKind === 'series-trailer'
      ? ownerId
      : (await rpc.call(Subjects.catalog.episodes.get, { id: ownerId })).seriesId;
  return seriesId
    ? languageCodeOf((await rpc.call(Subjects.catalog.series.get, { id: seriesId })).language)
    : undefined;
}

/**
 * A video's extra audio tracks, dubs (D44), for catalogue admins: listed with the source's own audio
 * streams, added from one of them or from an audio file uploaded over tus (as a video's file), and
 * removed. Each addition and removal is in the audit trail.
 *
 *   GET    /api/admin/videos/:videoId/audio                       → VideoAudioTracksAnswer
 *   POST   /api/admin/videos/:videoId/audio                       {language, sourceStream} → 201 AudioTrack
 *   POST   /api/admin/videos/:videoId/audio/upload?language=hi    tus creation → 201, Location
 *   HEAD   /api/admin/videos/:videoId/audio/upload/:audioTrackId  → Upload-Offset
 *   PATCH  /api/admin/videos/:videoId/audio/upload/:audioTrackId  the next bytes → 204 (415 AUDIO_INVALID)
 *   DELETE /api/admin/videos/:videoId/audio/upload/:audioTrackId  → 204 (cancel)
 *   DELETE /api/admin/videos/:videoId/audio/:audioTrackId         → VideoAudioTracksAnswer
 */
@ApiTags('admin')
@AdminRoute('catalogue')
@Controller('admin/videos')
export class AdminVideoAudioController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly uploads: VideoUploadProxy,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get(':videoId/audio')
  @ApiOperation({ summary: "A video's audio tracks and its source's audio streams (D44)" })
  audio(@Param() { videoId }: VideoParams): Promise<VideoAudioTracksAnswer> {
    return this.rpc.call(Subjects.media.videos.audioTracks, { videoId });
  }

  @Post(':videoId/audio')
  @HttpCode(201)
  @ApiOperation({
    summary:
      "Adds a dub from one of the source's own audio streams (D44) → 201 AudioTrack, made in the background; 400 AUDIO_STREAM_NOT_FOUND for a stream the source lacks, 409 for a language the video has",
  })
  async addStream(
    @Param() { videoId }: VideoParams,
    @Body() body: AudioStreamBody,
    @Actor() actor: AdminActor,
  ): Promise<AudioTrack> {
    const video = await this.rpc.call(Subjects.media.videos.get, { videoId });
    const track = await this.rpc.call(Subjects.media.videos.addAudioStream, {
      videoId,
      language: body.language,
      sourceStream: body.sourceStream,
      originalLanguage: await titleLanguage(this.rpc, video.ownerKind, video.ownerId),
    });
    await this.audit(
      actor,
      video,
      'video-audio-added',
      null,
      `${track.name} (source stream ${body.sourceStream})`,
    );
    return track;
  }

  @Post(':videoId/audio/upload')
  @ApiOperation({
    summary:
      "tus creation of a dub's audio file (D44; Upload-Length up to 2 GB) → 201, Location; the track is made once the file is whole and found to be audio",
  })
  async createUpload(
    @Param() { videoId }: VideoParams,
    @Query() { language }: AudioLanguageBody,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Actor() actor: AdminActor,
  ): Promise<void> {
    const video = await this.rpc.call(Subjects.media.videos.get, { videoId });
    const originalLanguage = await titleLanguage(this.rpc, video.ownerKind, video.ownerId);
    const query = new URLSearchParams({ language, ...(originalLanguage ? { originalLanguage } : {}) });
    await this.uploads.forward(request, reply, `${AUDIO_UPLOADS_PATH}/${videoId.toLowerCase()}?${query}`);
    if (reply.statusCode !== 201) return;
    await this.audit(actor, video, 'video-audio-added', null, `${language} (uploaded file)`);
  }

  // HEAD (where to resume) is answered by Fastify from this route; GET itself has nothing to show.
  @Get(':videoId/audio/upload/:audioTrackId')
  @ApiOperation({ summary: 'HEAD: tus offset of an audio upload (Upload-Offset, Upload-Length)' })
  offset(
    @Param() params: AudioTrackParams,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.uploads.forwardHead(request, reply, uploadPath(params));
  }

  @Patch(':videoId/audio/upload/:audioTrackId')
  @ApiOperation({
    summary:
      'tus: the next bytes of an audio upload (application/offset+octet-stream); the last answers 415 AUDIO_INVALID when the file holds no audio',
  })
  append(
    @Param() params: AudioTrackParams,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.uploads.forward(request, reply, uploadPath(params));
  }

  @Delete(':videoId/audio/upload/:audioTrackId')
  @ApiOperation({ summary: 'tus termination: cancels an audio upload, and its track' })
  cancel(
    @Param() params: AudioTrackParams,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.uploads.forward(request, reply, uploadPath(params));
  }

  @Delete(':videoId/audio/:audioTrackId')
  @ApiOperation({
    summary:
      "Removes a dub and its files (D44) → the tracks left; the last dub takes the original's rendition with it",
  })
  async remove(
    @Param() { videoId, audioTrackId }: AudioTrackParams,
    @Actor() actor: AdminActor,
  ): Promise<VideoAudioTracksAnswer> {
    const video = await this.rpc.call(Subjects.media.videos.get, { videoId });
    const before = await this.rpc.call(Subjects.media.videos.audioTracks, { videoId });
    const removed = before.tracks.find((t) => t.audioTrackId === audioTrackId);
    const left = await this.rpc.call(Subjects.media.videos.removeAudioTrack, { videoId, audioTrackId });
    await this.audit(actor, video, 'video-audio-removed', removed?.name ?? audioTrackId, null);
    return left;
  }

  private async audit(
    actor: AdminActor,
    video: { ownerKind: VideoOwnerKind; ownerId: string },
    action: 'video-audio-added' | 'video-audio-removed',
    before: string | null,
    after: string | null,
  ): Promise<void> {
    const owner = await videoOwner(this.rpc, video.ownerKind, video.ownerId);
    await fileAdminAction(this.rpc, this.logger, {
      actor,
      action,
      entity: owner.entity,
      changes: [{ field: 'video.audio', before, after }],
    });
  }
}

function uploadPath({ videoId, audioTrackId }: AudioTrackParams): string {
  return `${AUDIO_UPLOADS_PATH}/${videoId.toLowerCase()}/${audioTrackId}`;
}
