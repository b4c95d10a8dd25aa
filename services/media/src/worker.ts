import 'reflect-metadata';
import { bootstrapService } from '@chitram/nest-kit';
import { mediaWorker } from './service';

// Media's transcoding worker on its own (deploy/kubernetes/components/media-worker): it takes jobs
// from the transcoding queue whatever MEDIA_TRANSCODE says, and serves only its health.
void bootstrapService(mediaWorker);
