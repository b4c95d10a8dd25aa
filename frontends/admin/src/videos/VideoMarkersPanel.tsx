import {
  MARKER_KINDS,
  parseThumbnails,
  thumbnailAt,
  type MarkerKind,
  type Thumbnail,
  type VideoMarkers,
  type VideoMarkersAnswer,
} from '@chitram/contracts/web';
import { useEffect, useState } from 'react';
import { useApi } from '../app/api';
import { TextField } from '../components/FormFields';
import { serverFieldErrors } from '../catalog/form-rules';
import '../styles/admin-videos.css';
import { SuggestedIntro } from './SuggestedIntro';

const NAMES: Record<MarkerKind, string> = { intro: 'Intro', recap: 'Recap', credits: 'Credits' };
type Draft = Record<MarkerKind, { start: string; end: string }>;

const toDraft = (markers: VideoMarkers): Draft =>
  Object.fromEntries(
    MARKER_KINDS.map((kind) => [
      kind,
      {
        start: markers[kind]?.startSeconds.toString() ?? '',
        end: markers[kind]?.endSeconds.toString() ?? '',
      },
    ]),
  ) as Draft;

/** The markers a draft names: a kind with both times left empty has none. */
function fromDraft(draft: Draft): VideoMarkers {
  const markers: VideoMarkers = {};
  for (const kind of MARKER_KINDS) {
    const { start, end } = draft[kind];
    if (start.trim() === '' && end.trim() === '') continue;
    markers[kind] = { startSeconds: Number(start), endSeconds: Number(end) };
  }
  return markers;
}

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A ready video's intro, recap and credits markers (D42): a scrub bar showing the trickplay picture at
 * its position, "start here" and "end here" per marker, times in seconds, and Save; the server's checks
 * (inside the video, start before end, no overlap) come back under their fields. An episode may copy
 * the markers of its series' previous episode (`previousVideoId`).
 */
export function VideoMarkersPanel({
  videoId,
  previousVideoId,
}: {
  videoId: string;
  previousVideoId?: string;
}) {
  const { api, problemOf } = useApi();
  const [loaded, setLoaded] = useState<VideoMarkersAnswer | null>(null);
  const [thumbnails, setThumbnails] = useState<Thumbnail[]>([]);
  const [draft, setDraft] = useState<Draft>(toDraft({}));
  const [at, setAt] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void api
      .get(`admin/videos/${videoId}/markers`, { context: { session: 'admin' } })
      .json<VideoMarkersAnswer>()
      .then(async (answer) => {
        if (!live) return;
        setLoaded(answer);
        setDraft(toDraft(answer.markers));
        if (!answer.thumbnailsUrl) return;
        const vtt = await fetch(answer.thumbnailsUrl).then((r) => (r.ok ? r.text() : ''));
        if (live) setThumbnails(parseThumbnails(vtt, answer.thumbnailsUrl));
      })
      .catch(() => live && setStatus('The markers could not be loaded.'));
    return () => {
      live = false;
    };
  }, [api, videoId]);

  if (!loaded?.durationSeconds) return null;
  const duration = loaded.durationSeconds;
  const shown = thumbnailAt(thumbnails, at);
  const set = (kind: MarkerKind, end: 'start' | 'end', value: string) =>
    setDraft((d) => ({ ...d, [kind]: { ...d[kind], [end]: value } }));

  async function save(markers: VideoMarkers) {
    setStatus('');
    setErrors({});
    try {
      const answer = await api
        .put(`admin/videos/${videoId}/markers`, { json: markers, context: { session: 'admin' } })
        .json<VideoMarkersAnswer>();
      setDraft(toDraft(answer.markers));
      setLoaded(answer);
      setStatus('Markers saved.');
    } catch (error) {
      const problem = problemOf(error);
      setErrors(serverFieldErrors(problem.fields));
      setStatus(problem.message);
    }
  }

  /** D42: confirming saves the markers as saved, with the suggested intro; dismissing forgets it. */
  async function confirmSuggestion() {
    if (!loaded?.suggestedIntro) return;
    setBusy(true);
    await save({ ...loaded.markers, intro: loaded.suggestedIntro });
    setBusy(false);
  }

  async function dismissSuggestion() {
    setBusy(true);
    setStatus('');
    try {
      const answer = await api
        .delete(`admin/videos/${videoId}/markers/suggested-intro`, { context: { session: 'admin' } })
        .json<VideoMarkersAnswer>();
      setLoaded(answer);
      setStatus('The suggested intro is dismissed.');
    } catch (error) {
      setStatus(problemOf(error).message);
    }
    setBusy(false);
  }

  async function copyPrevious() {
    if (!previousVideoId) return;
    try {
      const previous = await api
        .get(`admin/videos/${previousVideoId}/markers`, { context: { session: 'admin' } })
        .json<VideoMarkersAnswer>();
      setDraft(toDraft(previous.markers));
      setStatus("The previous episode's markers are filled in: check them, then save.");
    } catch (error) {
      setStatus(problemOf(error).message);
    }
  }

  return (
    <section className="ad-markers" aria-label="Skip markers">
      <h3 className="ad-markers__title">Intro, recap and credits</h3>
      <div className="ad-markers__scrub">
        <div className="ad-markers__picture" aria-hidden="true">
          {shown ? (
            <span
              className="ad-markers__thumb"
              data-testid="marker-thumbnail"
              style={{
                width: shown.w,
                height: shown.h,
                backgroundImage: `url("${shown.sheet}")`,
                backgroundPosition: `${-shown.x}px ${-shown.y}px`,
              }}
            />
          ) : (
            <span className="ad-markers__thumb ad-markers__thumb--none">No pictures yet</span>
          )}
        </div>
        <label className="ad-markers__range">
          <span>
            Position <output>{clock(at)}</output> of {clock(duration)}
          </span>
          <input
            type="range"
            min={0}
            max={duration}
            step={0.5}
            value={at}
            aria-valuetext={`${clock(at)} of ${clock(duration)}`}
            onChange={(e) => setAt(Number(e.target.value))}
          />
        </label>
      </div>
      {loaded.suggestedIntro && !loaded.markers.intro && (
        <SuggestedIntro
          label={`Suggested intro ${clock(loaded.suggestedIntro.startSeconds)}–${clock(loaded.suggestedIntro.endSeconds)}`}
          busy={busy}
          onConfirm={() => void confirmSuggestion()}
          onDismiss={() => void dismissSuggestion()}
        />
      )}
      <div className="ad-markers__kinds">
        {MARKER_KINDS.map((kind) => (
          <fieldset key={kind} className="ad-markers__kind">
            <legend>{NAMES[kind]}</legend>
            {(['start', 'end'] as const).map((end) => (
              <div key={end} className="ad-markers__time">
                <TextField
                  label={`${NAMES[kind]} ${end} (seconds)`}
                  name={`${kind}.${end}Seconds`}
                  type="number"
                  inputMode="numeric"
                  value={draft[kind][end]}
                  onChange={(value) => set(kind, end, value)}
                  error={errors[`${kind}.${end}Seconds`]}
                />
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => set(kind, end, String(at))}
                >
                  {end === 'start' ? 'Start here' : 'End here'}
                </button>
              </div>
            ))}
          </fieldset>
        ))}
      </div>
      <div className="ad-markers__actions">
        <button type="button" className="button button--small" onClick={() => void save(fromDraft(draft))}>
          Save markers
        </button>
        {previousVideoId && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => void copyPrevious()}
          >
            Copy from the previous episode
          </button>
        )}
        <p className="ad-markers__status" role="status">
          {status}
        </p>
      </div>
    </section>
  );
}
