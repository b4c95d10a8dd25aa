import {
  INTERFACE_LANGUAGE_CODES,
  type AudioTrack,
  type InterfaceLanguageCode,
  type SourceAudioStream,
  type VideoAudioTracksAnswer,
} from '@chitram/contracts/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../app/api';
import { ChoiceGroup, SelectField } from '../components/FormFields';
import '../styles/admin-videos.css';
import { ENGLISH_NAMES, languageLabel } from './language-label';
import { tusSend } from './tus-send';

/** While a track is on its way, the list is read again this often. */
const POLL_MS = 2000;
const admin = { session: 'admin' } as const;

const trackLabel = (track: AudioTrack) =>
  `${track.language ? languageLabel(track.language) : 'Original'}${track.original && track.language ? ', original' : ''}`;

function sourceText(track: AudioTrack): string {
  if (track.original) return "the video's own sound";
  if (track.source === 'stream') return `source audio stream ${(track.sourceStream ?? 0) + 1}`;
  return 'uploaded file';
}

function stateText(track: AudioTrack): string {
  switch (track.state) {
    case 'ready':
      return 'ready';
    case 'uploading':
      return 'waiting for its file';
    case 'queued':
    case 'transcoding':
      return 'being made…';
    case 'failed':
      return `failed: ${track.error ?? 'unknown reason'}`;
  }
}

function streamLabel(stream: SourceAudioStream): string {
  const details = [stream.language, stream.title, stream.codec, `${stream.channels} ch`].filter(Boolean);
  return `Source audio stream ${stream.stream + 1} (${details.join(', ')})`;
}

/**
 * A ready video's audio tracks, dubs (D44): the list (the original, made a track with the first dub,
 * then each dub with its state, Remove), and a dub to add in one of the eight languages, from an audio
 * file (sent over tus, resumable) or from one of the source's own audio streams. The server reads a
 * file by its content; a file with no sound in it comes back refused.
 */
export function VideoAudioPanel({ videoId }: { videoId: string }) {
  const { api, problemOf } = useApi();
  const [answer, setAnswer] = useState<VideoAudioTracksAnswer | null>(null);
  const [language, setLanguage] = useState<InterfaceLanguageCode>('hi');
  /** `file`, or a source stream's number. */
  const [from, setFrom] = useState<'file' | number>('file');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const load = useCallback(
    () =>
      api
        .get(`admin/videos/${videoId}/audio`, { context: admin })
        .json<VideoAudioTracksAnswer>()
        .then(setAnswer),
    [api, videoId],
  );

  useEffect(() => {
    load().catch(() => setStatus('The audio tracks could not be loaded.'));
  }, [load]);

  const working = answer?.tracks.some((t) => t.state === 'queued' || t.state === 'transcoding');
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => void load().catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [working, load]);

  async function add() {
    setError('');
    setStatus('');
    if (from === 'file' && !file) return setError('Choose an audio file.');
    setBusy(true);
    try {
      if (from === 'file') {
        await tusSend(api, `admin/videos/${videoId}/audio/upload?language=${language}`, file!, (sent) =>
          setStatus(`Sending ${Math.floor((sent / file!.size) * 100)}%…`),
        );
        setFile(null);
        if (picker.current) picker.current.value = '';
      } else
        await api.post(`admin/videos/${videoId}/audio`, {
          json: { language, sourceStream: from },
          context: admin,
        });
      await load();
      setStatus(`${ENGLISH_NAMES[language]} audio added; it plays once it is made.`);
    } catch (failure) {
      setStatus('');
      setError(problemOf(failure).message);
      await load().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }

  async function remove(track: AudioTrack) {
    setStatus('');
    try {
      setAnswer(
        await api
          .delete(`admin/videos/${videoId}/audio/${track.audioTrackId}`, { context: admin })
          .json<VideoAudioTracksAnswer>(),
      );
      setStatus(`${trackLabel(track)} audio removed.`);
    } catch (failure) {
      setStatus(problemOf(failure).message);
    }
  }

  const taken = new Set(answer?.tracks.map((t) => t.language));
  const streams = answer?.sourceStreams ?? [];
  return (
    <section className="ad-subtitles" aria-labelledby={`${videoId}-audio`}>
      <h3 className="ad-markers__title" id={`${videoId}-audio`}>
        Audio tracks
      </h3>
      {answer && answer.tracks.length === 0 && (
        <p className="ad-field__hint">Only the video&apos;s own sound. Add a dub in another language.</p>
      )}
      {answer && answer.tracks.length > 0 && (
        <ul className="ad-subtitles__list">
          {answer.tracks.map((track) => (
            <li key={track.audioTrackId} className="ad-subtitles__track" data-state={track.state}>
              <span lang={track.language ?? undefined}>{trackLabel(track)}</span>
              <span className="ad-subtitles__meta">
                {sourceText(track)} · {stateText(track)}
              </span>
              {!track.original && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => void remove(track)}
                  aria-label={`Remove ${trackLabel(track)} audio`}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="ad-subtitles__add">
        <SelectField
          label="Language"
          name="audio.language"
          value={language}
          options={INTERFACE_LANGUAGE_CODES.filter((code) => !taken.has(code))}
          optionLabel={languageLabel}
          onChange={setLanguage}
        />
        <ChoiceGroup legend="Sound from">
          <label className="ad-choice">
            <input
              type="radio"
              name={`${videoId}-audio-from`}
              checked={from === 'file'}
              onChange={() => setFrom('file')}
            />
            An audio file
          </label>
          {streams.map((stream) => (
            <label className="ad-choice" key={stream.stream}>
              <input
                type="radio"
                name={`${videoId}-audio-from`}
                checked={from === stream.stream}
                onChange={() => setFrom(stream.stream)}
              />
              {streamLabel(stream)}
            </label>
          ))}
        </ChoiceGroup>
        {from === 'file' && (
          <div className="ad-field">
            <label className="ad-field__label" htmlFor={`${videoId}-audio-file`}>
              Audio file (WAV, MP3, AAC, FLAC or a video&apos;s sound; resumable)
            </label>
            <input
              ref={picker}
              id={`${videoId}-audio-file`}
              className="ad-field__input"
              type="file"
              accept="audio/*,video/*"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
        )}
        <button type="button" className="button button--small" disabled={busy} onClick={() => void add()}>
          {busy ? 'Adding…' : 'Add audio track'}
        </button>
      </div>
      {error && (
        <p className="ad-field__error" role="alert">
          {error}
        </p>
      )}
      <p className="ad-markers__status" role="status">
        {status}
      </p>
    </section>
  );
}
