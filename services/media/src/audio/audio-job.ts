import type { StoredAudioTrack } from './audio-tracks.repository';

/** D44: one audio track to make into its HLS rendition. */
export const AUDIO_JOB = 'media.audio';

export interface AudioJob {
  audioTrackId: string;
}

/** Where an uploaded track's file waits for its job, inside the track's folder (never served). */
export const audioSourceKey = (track: Pick<StoredAudioTrack, 'prefix'>) => `${track.prefix}source`;
