import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';
import { endpoints } from '../../catalog/endpoints';
import type { FieldErrors } from '../../catalog/form-rules';
import {
  blockField,
  blockPatch,
  blockValue,
  type EpisodeBlock,
  EPISODE_BLOCK,
  episodeVideoWords,
  emptyEpisodeBlock,
  emptySeriesForm,
  SERIES_FORM,
  seriesFormData,
  seriesFormFromSeries,
  seriesServerErrors,
  validateSeriesForm,
  videosSettled,
} from '../../catalog/series-form';
import type { SeriesWithEpisodes } from '../../catalog/types';
import { MessageDialog } from '../../components/Dialog';
import { DescribedItems, DescribedSections } from '../../components/DescribedFields';
import {
  EditTargetPending,
  focusFirstInvalid,
  FormActions,
  FormPage,
  FormSection,
} from '../../components/FormLayout';
import { useEditTarget } from '../../components/use-edit-target';
import { type FieldBinding, useFormFiles, useFormValues } from '../../components/use-form-values';
import { useSubmission } from '../../components/use-submission';
import { PartnerPicker } from '../../partners/PartnerPicker';
import { useTitlePartner } from '../../partners/use-title-partner';
import { TrailerField, useTitleTrailer } from '../../videos/TrailerField';
import { type UploadPhase, useVideoUpload } from '../../videos/use-video-upload';
import { VideoFileField } from '../../videos/VideoFileField';

/** An episode block's video upload, which the page starts once the series is saved. */
type EpisodeUpload = ReturnType<typeof useVideoUpload>;

/**
 * One repeatable episode block, drawn from EPISODE_BLOCK's description. Its video's upload lives here,
 * in the block, and is handed to the page.
 */
function EpisodeFields({
  block,
  index,
  count,
  errors,
  locked,
  onChange,
  onRemove,
  onUpload,
  onRetried,
}: {
  block: EpisodeBlock;
  index: number;
  count: number;
  errors: FieldErrors;
  /** Once the series is saved, only its videos' uploads are left: the block may not be removed. */
  locked: boolean;
  onChange(field: string, value: unknown): void;
  onRemove(): void;
  onUpload(upload: EpisodeUpload | null): void;
  onRetried(phase: UploadPhase): void;
}) {
  const upload = useVideoUpload();
  // The page starts the upload once the series is saved (the video belongs to the saved episode).
  useEffect(() => onUpload(upload));
  useEffect(() => () => onUpload(null), []);
  const bind = (field: string) => ({
    name: blockField(index, field),
    value: blockValue(block, field),
    onChange: (value: unknown) => onChange(field, value),
    error: errors[blockField(index, field)],
  });
  const drawing = {
    fields: EPISODE_BLOCK.fields,
    context: { now: new Date(), index, block },
    bind,
    slots: {
      video: (video: FieldBinding & { label: string }) => (
        <VideoFileField
          name={video.name}
          label={video.label}
          field={{ file: block.videoFile, error: video.error, choose: video.onChange, upload }}
          current={block.video}
          onRetried={onRetried}
          compact
        />
      ),
    },
  };
  return (
    <fieldset className="ad-episode-block" aria-label={`Episode ${index + 1}`}>
      <div className="ad-episode-block__head">
        <legend className="ad-episode-block__title">Episode {index + 1}</legend>
        {count > 1 && !locked && (
          <button
            type="button"
            className="button button--danger-ghost button--small"
            onClick={onRemove}
            aria-label={`Remove episode ${index + 1}`}
          >
            Remove
          </button>
        )}
      </div>
      <div className="ad-episode-block__grid">
        <div className="ad-episode-block__fields">
          <DescribedItems items={EPISODE_BLOCK.items} {...drawing} />
        </div>
        <DescribedItems items={EPISODE_BLOCK.side} {...drawing} />
      </div>
    </fieldset>
  );
}

/**
 * SPEC §2.13 series form, saving for real (DECISIONS D11): the series and its episode blocks go in
 * one request; Cancel returns to /admin/series.
 */
export function SeriesFormPage() {
  const { seriesId } = useParams();
  const mode = seriesId ? 'edit' : 'upload';
  const heading = mode === 'edit' ? 'Edit Series' : 'Upload Series';
  useDocumentTitle(heading);
  const navigate = useNavigate();
  const target = useEditTarget<SeriesWithEpisodes>(seriesId, endpoints.oneSeries);
  const submission = useSubmission<SeriesWithEpisodes>();
  const partner = useTitlePartner('series', seriesId);
  const trailer = useTitleTrailer('series', seriesId);
  const { toast } = useHost();
  const formRef = useRef<HTMLFormElement>(null);

  const form = useFormValues(emptySeriesForm);
  const { values, setValues, errors, setErrors, fill } = form;
  const { files, bind } = useFormFiles<{ titleImage: File | null }>({ titleImage: null }, form);
  /** The closing message's words about the videos, once the series is saved and its uploads ended. */
  const [done, setDone] = useState<string | null>(null);
  // Once saved, the series is not sent again: what is left is its episodes' video uploads.
  const [saved, setSaved] = useState(false);
  const uploads = useRef(new Map<string, EpisodeUpload>());
  const outcomes = useRef(new Map<string, UploadPhase>());

  const series = target.item;
  useEffect(() => {
    if (series) fill(seriesFormFromSeries(series));
  }, [series, fill]);

  function updateBlock(index: number, field: string, value: unknown) {
    const patch = blockPatch(field, value);
    setValues((previous) => ({
      ...previous,
      episodes: previous.episodes.map((block, i) => (i === index ? { ...block, ...patch } : block)),
    }));
    form.clearError(blockField(index, field));
  }

  function addBlock() {
    setValues((previous) => ({ ...previous, episodes: [...previous.episodes, emptyEpisodeBlock()] }));
    setErrors((previous) => ({ ...previous, episodes: undefined }));
  }

  function removeBlock(index: number) {
    setValues((previous) => ({ ...previous, episodes: previous.episodes.filter((_, i) => i !== index) }));
    // Block numbers shift, so their messages would point at the wrong block.
    setErrors((previous) =>
      Object.fromEntries(Object.entries(previous).filter(([name]) => !name.startsWith('episodes['))),
    );
  }

  function registerUpload(key: string, upload: EpisodeUpload | null) {
    if (upload) uploads.current.set(key, upload);
    else uploads.current.delete(key);
  }

  /** Notes how an episode's upload ended; the closing message comes once none is left failed or running. */
  function settle(key: string, phase: UploadPhase) {
    outcomes.current.set(key, phase);
    if (videosSettled(outcomes.current)) setDone(episodeVideoWords(outcomes.current));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saved) return;
    const problems = validateSeriesForm(values);
    setErrors(problems);
    if (trailer.check() || Object.keys(problems).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const body = seriesFormData(values, files.titleImage);
    const answer: { series?: SeriesWithEpisodes } = {};
    const keep = (series: SeriesWithEpisodes) => {
      answer.series = series;
    };
    const problem =
      mode === 'edit' && seriesId
        ? await submission.submit('patch', endpoints.oneSeries(seriesId), body, keep)
        : await submission.submit('post', endpoints.series, body, keep);
    if (problem || !answer.series) {
      setErrors(seriesServerErrors(problem?.fields));
      focusFirstInvalid(formRef.current);
      return;
    }
    const series = answer.series;
    setSaved(true);
    const partnerProblem = await partner.save(series._id);
    if (partnerProblem) toast(partnerProblem, 'error');
    // The blocks were saved in order: the n-th block is the episode numbered n.
    const started = values.episodes.flatMap((block, index) => {
      const episode = series.episodes[index];
      const upload = uploads.current.get(block.key);
      if (!block.videoFile || !episode || !upload) return [];
      return [
        upload
          .start({ kind: 'episode', id: episode._id, video: episode.video }, block.videoFile)
          .then((phase) => outcomes.current.set(block.key, phase)),
      ];
    });
    // The series' trailer (D45) goes up beside the episodes' videos; its own panel shows how it went.
    await Promise.all([...started, trailer.send(series._id)]);
    // A failed upload stays on the page, with what went wrong and Try again.
    if (videosSettled(outcomes.current)) setDone(episodeVideoWords(outcomes.current));
  }

  if (mode === 'edit' && !series) {
    return (
      <EditTargetPending
        heading={heading}
        error={target.error}
        backTo="/admin/series"
        backLabel="Back to Series"
      />
    );
  }

  return (
    <FormPage
      heading={heading}
      back={{ to: '/admin/series', label: 'All Series' }}
      error={submission.error}
      formRef={formRef}
      onSubmit={submit}
      after={
        <MessageDialog
          open={done !== null}
          title={mode === 'edit' ? 'Updated!' : 'Uploaded!'}
          text={`${
            mode === 'edit'
              ? 'The series and its episodes have been updated.'
              : `The series has been uploaded with ${values.episodes.length} ${values.episodes.length === 1 ? 'episode' : 'episodes'}.`
          }${done ?? ''}`}
          onClose={() => void navigate('/admin/series')}
        />
      }
    >
      <DescribedSections
        form={SERIES_FORM}
        context={{ now: new Date(), series }}
        bind={bind}
        slots={{
          partner: <PartnerPicker picker={partner} hint="Given to every episode of the series" />,
          trailer: <TrailerField field={trailer} />,
        }}
      />

      <FormSection title="Episodes" className="ad-form-grid__full">
        {errors.episodes && (
          <p className="ad-field__error" role="alert">
            {errors.episodes}
          </p>
        )}
        {values.episodes.map((block, index) => (
          <EpisodeFields
            key={block.key}
            block={block}
            index={index}
            count={values.episodes.length}
            errors={errors}
            locked={saved}
            onChange={(field, value) => updateBlock(index, field, value)}
            onRemove={() => removeBlock(index)}
            onUpload={(upload) => registerUpload(block.key, upload)}
            onRetried={(phase) => settle(block.key, phase)}
          />
        ))}
        {!saved && (
          <button type="button" className="button button--ghost ad-add-episode" onClick={addBlock}>
            + Add another episode
          </button>
        )}
      </FormSection>

      <FormActions
        label={submission.loading ? 'Saving…' : mode === 'edit' ? 'Update' : 'Upload'}
        disabled={submission.loading || saved}
        cancelTo="/admin/series"
      />
    </FormPage>
  );
}
