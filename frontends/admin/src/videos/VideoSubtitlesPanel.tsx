import {
  INTERFACE_LANGUAGE_CODES,
  SUBTITLE_UPLOAD_MAX_BYTES,
  type InterfaceLanguageCode,
  type SubtitleTrack,
  type VideoSubtitlesAnswer,
} from '@chitram/contracts/web';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../app/api';
import { ChoiceGroup, SelectField } from '../components/FormFields';
import '../styles/admin-videos.css';
import { ENGLISH_NAMES, languageLabel } from './language-label';

function kindOf(track: SubtitleTrack): string {
  return [track.forced && 'forced', track.sdh && 'SDH'].filter(Boolean).join(', ') || 'full';
}

/**
 * A ready video's subtitle tracks (D44): the list, with Remove, and a file (SRT or WebVTT, up to 512 KB)
 * to add in one of the eight languages, forced or SDH. The server reads the file by its content; a
 * broken timing comes back with its line. A track of the same language and kind is replaced.
 */
export function VideoSubtitlesPanel({ videoId }: { videoId: string }) {
  const { api, problemOf } = useApi();
  const [tracks, setTracks] = useState<SubtitleTrack[] | null>(null);
  const [language, setLanguage] = useState<InterfaceLanguageCode>('en');
  const [forced, setForced] = useState(false);
  const [sdh, setSdh] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    void api
      .get(`admin/videos/${videoId}/subtitles`, { context: { session: 'admin' } })
      .json<VideoSubtitlesAnswer>()
      .then((answer) => live && setTracks(answer.subtitles))
      .catch(() => live && setStatus('The subtitles could not be loaded.'));
    return () => {
      live = false;
    };
  }, [api, videoId]);

  async function add() {
    setError('');
    setStatus('');
    if (!file) return setError('Choose an SRT or WebVTT file.');
    if (file.size > SUBTITLE_UPLOAD_MAX_BYTES)
      return setError(`The file is larger than ${SUBTITLE_UPLOAD_MAX_BYTES / 1024} KB.`);
    setBusy(true);
    try {
      const added = await api
        .post(`admin/videos/${videoId}/subtitles`, {
          searchParams: { language, forced: String(forced), sdh: String(sdh) },
          body: file,
          headers: { 'content-type': /\.srt$/i.test(file.name) ? 'application/x-subrip' : 'text/vtt' },
          context: { session: 'admin' },
        })
        .json<SubtitleTrack>();
      const answer = await api
        .get(`admin/videos/${videoId}/subtitles`, { context: { session: 'admin' } })
        .json<VideoSubtitlesAnswer>();
      setTracks(answer.subtitles);
      setFile(null);
      if (picker.current) picker.current.value = '';
      setStatus(
        `${added.name} added: ${added.cueCount} cues${added.format === 'srt' ? ', converted from SRT' : ''}.`,
      );
    } catch (failure) {
      setError(problemOf(failure).message);
    } finally {
      setBusy(false);
    }
  }

  async function remove(track: SubtitleTrack) {
    setStatus('');
    try {
      const answer = await api
        .delete(`admin/videos/${videoId}/subtitles/${track.subtitleId}`, { context: { session: 'admin' } })
        .json<VideoSubtitlesAnswer>();
      setTracks(answer.subtitles);
      setStatus(`${track.name} removed.`);
    } catch (failure) {
      setStatus(problemOf(failure).message);
    }
  }

  return (
    <section className="ad-subtitles" aria-labelledby={`${videoId}-subtitles`}>
      <h3 className="ad-markers__title" id={`${videoId}-subtitles`}>
        Subtitles
      </h3>
      {tracks && tracks.length === 0 && <p className="ad-field__hint">No subtitles yet.</p>}
      {tracks && tracks.length > 0 && (
        <ul className="ad-subtitles__list">
          {tracks.map((track) => (
            <li key={track.subtitleId} className="ad-subtitles__track">
              <span lang={track.language}>{languageLabel(track.language)}</span>
              <span className="ad-subtitles__meta">
                {kindOf(track)} · {track.cueCount} cues
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => void remove(track)}
                aria-label={`Remove ${ENGLISH_NAMES[track.language]} subtitles (${kindOf(track)})`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="ad-subtitles__add">
        <SelectField
          label="Language"
          name="subtitles.language"
          value={language}
          options={INTERFACE_LANGUAGE_CODES}
          optionLabel={languageLabel}
          onChange={setLanguage}
        />
        <ChoiceGroup legend="Kind">
          <label className="ad-choice">
            <input type="checkbox" checked={forced} onChange={(e) => setForced(e.target.checked)} />
            Forced (foreign lines only)
          </label>
          <label className="ad-choice">
            <input type="checkbox" checked={sdh} onChange={(e) => setSdh(e.target.checked)} />
            SDH (sounds and speakers)
          </label>
        </ChoiceGroup>
        <div className="ad-field">
          <label className="ad-field__label" htmlFor={`${videoId}-subtitle-file`}>
            Subtitle file (SRT or WebVTT, up to 512 KB)
          </label>
          <input
            ref={picker}
            id={`${videoId}-subtitle-file`}
            className="ad-field__input"
            type="file"
            accept=".srt,.vtt,text/vtt,application/x-subrip"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${videoId}-subtitle-error` : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {error && (
            <p className="ad-field__error" id={`${videoId}-subtitle-error`} role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="button" className="button button--small" disabled={busy} onClick={() => void add()}>
          {busy ? 'Adding…' : 'Add subtitles'}
        </button>
      </div>
      <p className="ad-markers__status" role="status">
        {status}
      </p>
    </section>
  );
}
