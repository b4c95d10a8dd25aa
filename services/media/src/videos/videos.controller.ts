import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AddAudioStreamRequest,
  AudioTrackRef,
  CopyVideoRequest,
  CreateVideoRequest,
  SetVideoMarkersRequest,
  SubtitleRef,
  Subjects,
  VideoRef,
} from '@chitram/contracts';
import { AudioTracksService } from '../audio/audio-tracks.service';
import { SubtitlesService } from '../subtitles/subtitles.service';
import { VideoMarkersService } from './video-markers.service';
import { VideosService } from './videos.service';
import { Handles } from '@chitram/nest-kit';

const videos = Subjects.media.videos;

/** Videos over NATS (payloads and answers: libs/contracts/src/videos.ts). */
@Controller()
export class VideosController {
  constructor(
    private readonly videos: VideosService,
    private readonly markers: VideoMarkersService,
    private readonly subtitles: SubtitlesService,
    private readonly audio: AudioTracksService,
  ) {}

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

  @Handles(videos.markers)
  getMarkers(@Payload() body: VideoRef) {
    return this.markers.get(body.videoId);
  }

  @Handles(videos.setMarkers)
  setMarkers(@Payload() body: SetVideoMarkersRequest) {
    return this.markers.set(body);
  }

  @Handles(videos.subtitles)
  listSubtitles(@Payload() body: VideoRef) {
    return this.subtitles.list(body.videoId);
  }

  @Handles(videos.removeSubtitle)
  removeSubtitle(@Payload() body: SubtitleRef) {
    return this.subtitles.remove(body);
  }

  @Handles(videos.audioTracks)
  audioTracks(@Payload() body: VideoRef) {
    return this.audio.list(body.videoId);
  }

  @Handles(videos.addAudioStream)
  addAudioStream(@Payload() body: AddAudioStreamRequest) {
    return this.audio.addStream(body);
  }

  @Handles(videos.removeAudioTrack)
  removeAudioTrack(@Payload() body: AudioTrackRef) {
    return this.audio.remove(body);
  }

  @Handles(videos.dismissSuggestedIntro)
  dismissSuggestedIntro(@Payload() body: VideoRef) {
    return this.markers.dismissSuggestedIntro(body.videoId);
  }

  @Handles(videos.remove)
  async remove(@Payload() body: VideoRef): Promise<{ removed: true }> {
    await this.videos.remove(body.videoId);
    return { removed: true };
  }
}
