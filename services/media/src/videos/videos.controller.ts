import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CopyVideoRequest, CreateVideoRequest, Subjects, VideoRef } from '@chitram/contracts';
import { VideosService } from './videos.service';

const videos = Subjects.media.videos;

/** Videos over NATS (payloads and answers: libs/contracts/src/videos.ts). */
@Controller()
export class VideosController {
  constructor(private readonly videos: VideosService) {}

  @MessagePattern(videos.create)
  create(@Payload() body: CreateVideoRequest) {
    return this.videos.create(body);
  }

  @MessagePattern(videos.get)
  get(@Payload() body: VideoRef) {
    return this.videos.get(body.videoId);
  }

  @MessagePattern(videos.copy)
  copy(@Payload() body: CopyVideoRequest) {
    return this.videos.copy(body);
  }

  @MessagePattern(videos.retry)
  retry(@Payload() body: VideoRef) {
    return this.videos.retry(body.videoId);
  }

  @MessagePattern(videos.remove)
  async remove(@Payload() body: VideoRef): Promise<{ removed: true }> {
    await this.videos.remove(body.videoId);
    return { removed: true };
  }
}
