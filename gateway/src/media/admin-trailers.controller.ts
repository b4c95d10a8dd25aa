import { Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Subjects,
  TRAILER_OWNER_KINDS,
  TrailerOwnerRef,
  type AdminActor,
  type TitleTrailer,
  type TrailerRemoved,
  type VideoStatus,
} from '@chitram/contracts';
import { LOGGER, type Logger, RpcClient } from '@chitram/nest-kit';
import { Actor } from '../admin/audit-actor';
import { fileAdminAction, videoOwner } from '../admin/audit-records';
import { AdminRoute } from '../auth/access';

/**
 * A film's or series' trailer for admins (D45). Its file goes up over tus and is transcoded like any
 * title's video (`/api/admin/videos/{videoId}/upload`, AdminVideosController); a new one replaces the
 * old once ready. `titleKind` is `movie` or `series`, `titleId` a saved title's id (else 404 NOT_FOUND).
 *
 *   GET    /api/admin/trailers/:titleKind/:titleId   → { video, playingVideoId }
 *   POST   /api/admin/trailers/:titleKind/:titleId   → 201 VideoStatus (a new trailer, waiting for its file)
 *   DELETE /api/admin/trailers/:titleKind/:titleId   → { removed } (every trailer video of the title)
 */
@ApiTags('admin')
@AdminRoute('catalogue')
@Controller('admin/trailers')
export class AdminTrailersController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get(':titleKind/:titleId')
  @ApiOperation({
    summary: "A title's trailer: its newest trailer video in any state, and the one that plays",
  })
  async current(@Param() title: TrailerOwnerRef): Promise<TitleTrailer> {
    await videoOwner(this.rpc, TRAILER_OWNER_KINDS[title.titleKind], title.titleId);
    return this.rpc.call(Subjects.media.trailers.current, title);
  }

  @Post(':titleKind/:titleId')
  @HttpCode(201)
  @ApiOperation({ summary: 'A new trailer for a saved film or series, waiting for its file (tus upload)' })
  async attach(@Param() title: TrailerOwnerRef, @Actor() actor: AdminActor): Promise<VideoStatus> {
    const ownerKind = TRAILER_OWNER_KINDS[title.titleKind];
    const owner = await videoOwner(this.rpc, ownerKind, title.titleId);
    const video = await this.rpc.call(Subjects.media.videos.create, {
      ownerKind,
      ownerId: title.titleId.toLowerCase(),
    });
    await fileAdminAction(this.rpc, this.logger, {
      actor,
      action: 'video-added',
      entity: owner.entity,
      changes: [{ field: 'trailer', before: owner.videoId, after: video.videoId }],
    });
    return video;
  }

  @Delete(':titleKind/:titleId')
  @HttpCode(200)
  @ApiOperation({ summary: "Removes a title's trailer (every trailer video of it, with its objects)" })
  async remove(@Param() title: TrailerOwnerRef, @Actor() actor: AdminActor): Promise<TrailerRemoved> {
    const owner = await videoOwner(this.rpc, TRAILER_OWNER_KINDS[title.titleKind], title.titleId);
    const removed = await this.rpc.call(Subjects.media.trailers.remove, {
      titleKind: title.titleKind,
      titleId: title.titleId.toLowerCase(),
    });
    if (removed.removed > 0)
      await fileAdminAction(this.rpc, this.logger, {
        actor,
        action: 'trailer-removed',
        entity: owner.entity,
        changes: [{ field: 'trailer', before: owner.videoId, after: null }],
      });
    return removed;
  }
}
