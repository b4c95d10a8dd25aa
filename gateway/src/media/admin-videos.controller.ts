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
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateVideoRequest,
  INTERFACE_LANGUAGE_CODES,
  Subjects,
  SUBTITLE_ID,
  SUBTITLE_UPLOADS_PATH,
  VIDEO_UPLOAD_ID,
  VIDEO_UPLOADS_PATH,
  VideoMarkersBody,
  type AdminActor,
  type VideoMarkersAnswer,
  type InterfaceLanguageCode,
  type VideoStatus,
  type VideoSubtitlesAnswer,
} from '@chitram/contracts';
import { LOGGER, type Logger, RpcClient } from '@chitram/nest-kit';
import { IsIn, IsOptional, IsUUID, Matches } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Actor } from '../admin/audit-actor';
import { fileAdminAction, videoOwner } from '../admin/audit-records';
import { AdminRoute } from '../auth/access';
import { SUBTITLE_TYPES } from './upload-stream-parser';
import { VideoUploadProxy } from './video-upload-proxy';

export class VideoParams {
  @IsUUID()
  videoId: string;
}

export class VideoUploadParams extends VideoParams {
  @Matches(VIDEO_UPLOAD_ID, { message: 'uploadId is not an upload of this service' })
  uploadId: string;
}

export class SubtitleParams extends VideoParams {
  @Matches(SUBTITLE_ID, { message: 'subtitleId is not a subtitle of this service' })
  subtitleId: string;
}

/** What a subtitle file is (D44): one of the eight languages, forced or not, SDH or not. */
export class SubtitleQuery {
  @IsIn(INTERFACE_LANGUAGE_CODES, {
    message: `language must be one of ${INTERFACE_LANGUAGE_CODES.join(', ')}`,
  })
  language: InterfaceLanguageCode;

  @IsOptional()
  @IsIn(['true', 'false'])
  forced?: 'true' | 'false';

  @IsOptional()
  @IsIn(['true', 'false'])
  sdh?: 'true' | 'false';
}

/**
 * A title's video (DECISIONS D23) for admins: created for a saved movie or episode, its file uploaded
 * resumably over tus (https://tus.io) up to 20 GB, its state followed, and a failed one retried.
 *
 *   POST   /api/admin/videos                              {ownerKind, ownerId} → 201 VideoStatus
 *   GET    /api/admin/videos/:videoId                     → VideoStatus
 *   POST   /api/admin/videos/:videoId/retry               → VideoStatus
 *   POST   /api/admin/videos/:videoId/copies              {ownerKind, ownerId} → 201 VideoStatus (ready)
 *   GET    /api/admin/videos/:videoId/markers             → VideoMarkersAnswer (D42)
 *   PUT    /api/admin/videos/:videoId/markers             {intro?, recap?, credits?} → VideoMarkersAnswer
 *   GET    /api/admin/videos/:videoId/subtitles           → VideoSubtitlesAnswer (D44)
 *   POST   /api/admin/videos/:videoId/subtitles?language=ta&forced=false&sdh=false   the file → 201 SubtitleTrack
 *   DELETE /api/admin/videos/:videoId/subtitles/:subtitleId                             → VideoSubtitlesAnswer
 *   DELETE /api/admin/videos/:videoId/markers/suggested-intro → VideoMarkersAnswer (D42, dismissed)
 *   POST   /api/admin/videos/:videoId/upload              tus creation → 201, Location
 *   HEAD   /api/admin/videos/:videoId/upload/:uploadId    → Upload-Offset
 *   PATCH  /api/admin/videos/:videoId/upload/:uploadId    application/offset+octet-stream → 204
 *   DELETE /api/admin/videos/:videoId/upload/:uploadId    → 204 (cancel)
 */
@ApiTags('admin')
@AdminRoute('catalogue')
@Controller('admin/videos')
export class AdminVideosController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly uploads: VideoUploadProxy,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'A new video for a saved movie or episode, waiting for its file' })
  async create(@Body() body: CreateVideoRequest, @Actor() actor: AdminActor): Promise<VideoStatus> {
    // No video (and no 20 GB upload) for a title that does not exist.
    const owner = await videoOwner(this.rpc, body.ownerKind, body.ownerId);
    // The series is the catalogue's word, never the request's (D42, suggested intros).
    const video = await this.rpc.call(Subjects.media.videos.create, {
      ownerKind: body.ownerKind,
      ownerId: body.ownerId,
      seriesId: owner.seriesId,
    });
    await fileAdminAction(this.rpc, this.logger, {
      actor,
      action: 'video-added',
      entity: owner.entity,
      changes: [{ field: 'video', before: owner.videoId, after: video.videoId }],
    });
    return video;
  }

  @Get(':videoId')
  @ApiOperation({
    summary: "A video's state: uploading, queued, transcoding (with progress), ready or failed",
  })
  get(@Param() { videoId }: VideoParams): Promise<VideoStatus> {
    return this.rpc.call(Subjects.media.videos.get, { videoId });
  }

  @Post(':videoId/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queues a failed video for transcoding again' })
  async retry(@Param() { videoId }: VideoParams, @Actor() actor: AdminActor): Promise<VideoStatus> {
    const failed = await this.rpc.call(Subjects.media.videos.get, { videoId });
    const owner = await videoOwner(this.rpc, failed.ownerKind, failed.ownerId);
    const video = await this.rpc.call(Subjects.media.videos.retry, { videoId });
    await fileAdminAction(this.rpc, this.logger, {
      actor,
      action: 'video-retried',
      entity: owner.entity,
      changes: [{ field: 'video.state', before: failed.state, after: video.state }],
    });
    return video;
  }

  @Post(':videoId/copies')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Gives another saved movie or episode a ready copy of this ready video: its renditions are shared, nothing is transcoded',
  })
  async copy(
    @Param() { videoId }: VideoParams,
    @Body() body: CreateVideoRequest,
    @Actor() actor: AdminActor,
  ): Promise<VideoStatus> {
    const owner = await videoOwner(this.rpc, body.ownerKind, body.ownerId);
    const video = await this.rpc.call(Subjects.media.videos.copy, {
      fromVideoId: videoId,
      ownerKind: body.ownerKind,
      ownerId: body.ownerId,
    });
    await fileAdminAction(this.rpc, this.logger, {
      actor,
      action: 'video-copied',
      entity: owner.entity,
      changes: [{ field: 'video', before: owner.videoId, after: video.videoId }],
    });
    return video;
  }

  @Get(':videoId/markers')
  @ApiOperation({
    summary: "A video's intro, recap and credits markers, its length and its trickplay index (D42)",
  })
  markers(@Param() { videoId }: VideoParams): Promise<VideoMarkersAnswer> {
    return this.rpc.call(Subjects.media.videos.markers, { videoId });
  }

  @Put(':videoId/markers')
  @ApiOperation({
    summary:
      "Replaces a ready video's markers (D42): 400 with field errors for a span outside the video, ending before it starts, or overlapping another",
  })
  async setMarkers(
    @Param() { videoId }: VideoParams,
    @Body() markers: VideoMarkersBody,
    @Actor() actor: AdminActor,
  ): Promise<VideoMarkersAnswer> {
    const video = await this.rpc.call(Subjects.media.videos.get, { videoId });
    const owner = await videoOwner(this.rpc, video.ownerKind, video.ownerId);
    const saved = await this.rpc.call(Subjects.media.videos.setMarkers, { videoId, markers });
    await fileAdminAction(this.rpc, this.logger, {
      actor,
      action: 'video-markers-set',
      entity: owner.entity,
      changes: [
        {
          field: 'video.markers',
          before: JSON.stringify(video.markers),
          after: JSON.stringify(saved.markers),
        },
      ],
    });
    return saved;
  }

  @Get(':videoId/subtitles')
  @ApiOperation({ summary: "A video's subtitle tracks (D44)" })
  subtitles(@Param() { videoId }: VideoParams): Promise<VideoSubtitlesAnswer> {
    return this.rpc.call(Subjects.media.videos.subtitles, { videoId });
  }

  @Post(':videoId/subtitles')
  @ApiConsumes(...SUBTITLE_TYPES)
  @ApiOperation({
    summary:
      'Adds a subtitle file (SRT or WebVTT, text/vtt or application/x-subrip, up to 512 KB) to a ready video (D44) → 201 SubtitleTrack; 400 SUBTITLE_INVALID names the line of a broken timing; one of the same language and kind is replaced',
  })
  async addSubtitles(
    @Param() { videoId }: VideoParams,
    @Query() query: SubtitleQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Actor() actor: AdminActor,
  ): Promise<void> {
    const video = await this.rpc.call(Subjects.media.videos.get, { videoId });
    const kind = new URLSearchParams({
      language: query.language,
      forced: query.forced ?? 'false',
      sdh: query.sdh ?? 'false',
    });
    await this.uploads.forward(request, reply, `${SUBTITLE_UPLOADS_PATH}/${videoId.toLowerCase()}?${kind}`);
    if (reply.statusCode !== 201) return;
    const owner = await videoOwner(this.rpc, video.ownerKind, video.ownerId);
    await fileAdminAction(this.rpc, this.logger, {
      actor,
      action: 'video-subtitles-added',
      entity: owner.entity,
      changes: [{ field: 'video.subtitles', before: null, after: kind.toString() }],
    });
  }

  @Delete(':videoId/subtitles/:subtitleId')
  @ApiOperation({ summary: 'Removes one subtitle track of a video and its files (D44) → the tracks left' })
  async removeSubtitles(
    @Param() { videoId, subtitleId }: SubtitleParams,
    @Actor() actor: AdminActor,
  ): Promise<VideoSubtitlesAnswer> {
    const video = await this.rpc.call(Subjects.media.videos.get, { videoId });
    const before = await this.rpc.call(Subjects.media.videos.subtitles, { videoId });
    const removed = before.subtitles.find((s) => s.subtitleId === subtitleId);
    const left = await this.rpc.call(Subjects.media.videos.removeSubtitle, { videoId, subtitleId });
    const owner = await videoOwner(this.rpc, video.ownerKind, video.ownerId);
    await fileAdminAction(this.rpc, this.logger, {
      actor,
      action: 'video-subtitles-removed',
      entity: owner.entity,
      changes: [{ field: 'video.subtitles', before: removed?.name ?? subtitleId, after: null }],
    });
    return left;
  }

  @Delete(':videoId/markers/suggested-intro')
  @ApiOperation({
    summary:
      "Dismisses the intro media suggested from the audio of the series' episodes (D42); confirming it is a PUT of the markers with that intro. 404 when there is none",
  })
  async dismissSuggestedIntro(
    @Param() { videoId }: VideoParams,
    @Actor() actor: AdminActor,
  ): Promise<VideoMarkersAnswer> {
    const video = await this.rpc.call(Subjects.media.videos.get, { videoId });
    const owner = await videoOwner(this.rpc, video.ownerKind, video.ownerId);
    const before = await this.rpc.call(Subjects.media.videos.markers, { videoId });
    const answer = await this.rpc.call(Subjects.media.videos.dismissSuggestedIntro, { videoId });
    await fileAdminAction(this.rpc, this.logger, {
      actor,
      action: 'video-intro-suggestion-dismissed',
      entity: owner.entity,
      changes: [
        { field: 'video.suggestedIntro', before: JSON.stringify(before.suggestedIntro), after: null },
      ],
    });
    return answer;
  }

  @Post(':videoId/upload')
  @ApiOperation({ summary: "tus creation of the video's file (Upload-Length up to 20 GB) → 201, Location" })
  createUpload(
    @Param() { videoId }: VideoParams,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.uploads.forward(request, reply, `${VIDEO_UPLOADS_PATH}/${videoId.toLowerCase()}`);
  }

  // HEAD (where to resume) is answered by Fastify from this route; GET itself has nothing to show.
  @Get(':videoId/upload/:uploadId')
  @ApiOperation({ summary: 'HEAD: tus offset of an upload (Upload-Offset, Upload-Length)' })
  offset(
    @Param() params: VideoUploadParams,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.uploads.forwardHead(request, reply, uploadPath(params));
  }

  @Patch(':videoId/upload/:uploadId')
  @ApiOperation({
    summary: 'tus: the next bytes of an upload at Upload-Offset (application/offset+octet-stream)',
  })
  append(
    @Param() params: VideoUploadParams,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.uploads.forward(request, reply, uploadPath(params));
  }

  @Delete(':videoId/upload/:uploadId')
  @ApiOperation({ summary: 'tus termination: cancels an upload and removes what arrived of it' })
  async cancel(
    @Param() params: VideoUploadParams,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Actor() actor: AdminActor,
  ): Promise<void> {
    const video = await this.rpc.call(Subjects.media.videos.get, { videoId: params.videoId });
    await this.uploads.forward(request, reply, uploadPath(params));
    // Only a cancel media carried out is recorded (not one of an upload that was already gone).
    if (reply.statusCode !== 204) return;
    const owner = await videoOwner(this.rpc, video.ownerKind, video.ownerId);
    await fileAdminAction(this.rpc, this.logger, {
      actor,
      action: 'video-upload-cancelled',
      entity: owner.entity,
      changes: [{ field: 'video.state', before: video.state, after: 'cancelled' }],
    });
  }
}

function uploadPath({ videoId, uploadId }: VideoUploadParams): string {
  return `${VIDEO_UPLOADS_PATH}/${videoId.toLowerCase()}/${uploadId}`;
}
