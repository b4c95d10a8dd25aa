import { Module } from '@nestjs/common';
import { AudioTrackWorker } from './audio/audio-track.worker';
import { MediaCoreModule } from './media-core.module';
import { TranscodeWorker } from './videos/transcode.worker';

/** A transcoding worker's process (worker.ts): the worker and what it needs, no HTTP, RPC or streaming. */
@Module({
  imports: [MediaCoreModule],
  providers: [TranscodeWorker, AudioTrackWorker],
})
export class WorkerModule {}
