import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CopyVideoRequest, CreateVideoRequest, Subjects, VideoRef } from '@chitram/contracts';
import { VideosService } from './videos.service';
import { Handles } from '@chitram/nest-kit';

const videos = Subjects.media.videos;

/** Videos over NATS (payloads and answers: libs/contracts/src/videos.ts). */
@Controller()
export class VideosController {
  constructor(private readonly videos: VideosService) {}

  @Handles(videos.create)
  create(@Payload() body: CreateVideoRequest) {
    return this.videos.create(body);
  }

  @Handles(videos.get)
  get(@Payload() body: VideoRef) {
    return this.videos.get(body.videoId);
  }

  @Handles(videos.copy)
  copy(@Payload() body: CopyVideoRequest) {
    return this.videos.copy(body);
  }

  @Handles(videos.retry)
  retry(@Payload() body: VideoRef) {
    return this.videos.retry(body.videoId);
  }

  @Handles(videos.remove)
  async remove(@Payload() body: VideoRef): Promise<{ removed: true }> {
    await this.videos.remove(body.videoId);
    return { removed: true };
  }
}
