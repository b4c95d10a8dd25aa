import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';
import { CATEGORIES, CATEGORY_LABELS, IMAGE_TYPES, LANGUAGES, RATINGS } from '../../catalog/catalog-lists';
import { endpoints } from '../../catalog/endpoints';
import { GenreChoices } from '../../catalog/GenreChoices';
import { type FieldErrors, todayInIndia } from '../../catalog/form-rules';
import {
  blockField,
  type EpisodeBlock,
  emptyEpisodeBlock,
  emptySeriesForm,
  seriesFormData,
  seriesFormFromSeries,
  seriesServerErrors,
  validateSeriesForm,
} from '../../catalog/series-form';
import type { SeriesWithEpisodes } from '../../catalog/types';
import { MessageDialog } from '../../components/Dialog';
import { FilePicker, TextArea, SelectField, TextField } from '../../components/FormFields';
import {
  EditTargetPending,
  focusFirstInvalid,
  FormActions,
  FormPage,
  FormSection,
} from '../../components/FormLayout';
import { useEditTarget } from '../../components/use-edit-target';
import { useFormValues } from '../../components/use-form-values';
import { useSubmission } from '../../components/use-submission';
import { PartnerPicker } from '../../partners/PartnerPicker';
import { useTitlePartner } from '../../partners/use-title-partner';

/** One repeatable episode block: title, link, description, upload date (not after today), duration, banner. */
function EpisodeFields({
  block,
  index,
  count,
  errors,
  onChange,
  onRemove,
}: {
  block: EpisodeBlock;
  index: number;
  count: number;
  errors: FieldErrors;
  onChange(patch: Partial<EpisodeBlock>): void;
  onRemove(): void;
}) {
  const error = (field: string) => errors[blockField(index, field)];
  return (
    <fieldset className="ad-episode-block" aria-label={`Episode ${index + 1}`}>
      <div className="ad-episode-block__head">
        <legend className="ad-episode-block__title">Episode {index + 1}</legend>
        {count > 1 && (
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
          <TextField
            label="Episode title"
            name={blockField(index, 'title')}
            required
            value={block.title}
            onChange={(v) => onChange({ title: v })}
            error={error('title')}
          />
          <TextField
            label="Episode link"
            name={blockField(index, 'videoUrl')}
            type="url"
            required
            value={block.videoUrl}
            onChange={(v) => onChange({ videoUrl: v })}
            error={error('videoUrl')}
            placeholder="https://"
          />
          <TextArea
            label="Episode description"
            name={blockField(index, 'description')}
            required
            rows={3}
            value={block.description}
            onChange={(v) => onChange({ description: v })}
            error={error('description')}
          />
          <div className="ad-row ad-row--2">
            <TextField
              label="Upload date"
              name={blockField(index, 'releaseDate')}
              type="date"
              required
              max={todayInIndia()}
              value={block.releaseDate}
              onChange={(v) => onChange({ releaseDate: v })}
              error={error('releaseDate')}
            />
            <TextField
              label="Episode duration"
              name={blockField(index, 'duration')}
              required
              value={block.duration}
              onChange={(v) => onChange({ duration: v })}
              error={error('duration')}
              placeholder="25min"
            />
          </div>
        </div>
        <FilePicker
          label={`Episode ${index + 1} banner`}
          name={blockField(index, 'banner')}
          accept={IMAGE_TYPES}
          required={!block.bannerUrl}
          file={block.banner}
          currentUrl={block.bannerUrl}
          onChange={(file) => onChange({ banner: file })}
          error={error('banner')}
        />
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
  const { toast } = useHost();
  const formRef = useRef<HTMLFormElement>(null);

  const form = useFormValues(emptySeriesForm);
  const { values, setValues, errors, setErrors, field, fill } = form;
  const [titleImage, setTitleImage] = useState<File | null>(null);
  const [done, setDone] = useState(false);

  const series = target.item;
  useEffect(() => {
    if (series) fill(seriesFormFromSeries(series));
  }, [series, fill]);

  function updateBlock(index: number, patch: Partial<EpisodeBlock>) {
    setValues((previous) => ({
      ...previous,
      episodes: previous.episodes.map((block, i) => (i === index ? { ...block, ...patch } : block)),
    }));
    setErrors((previous) => {
      const next = { ...previous };
      for (const field of Object.keys(patch)) delete next[blockField(index, field)];
      return next;
    });
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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validateSeriesForm(values);
    setErrors(problems);
    if (Object.keys(problems).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const body = seriesFormData(values, titleImage);
    let savedId = seriesId;
    const keep = (saved: SeriesWithEpisodes) => {
      savedId = saved._id;
    };
    const problem =
      mode === 'edit' && seriesId
        ? await submission.submit('patch', endpoints.oneSeries(seriesId), body, keep)
        : await submission.submit('post', endpoints.series, body, keep);
    if (problem) {
      setErrors(seriesServerErrors(problem.fields));
      focusFirstInvalid(formRef.current);
      return;
    }
    const partnerProblem = savedId ? await partner.save(savedId) : null;
    if (partnerProblem) toast(partnerProblem, 'error');
    setDone(true);
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
          open={done}
          title={mode === 'edit' ? 'Updated!' : 'Uploaded!'}
          text={
            mode === 'edit'
              ? 'The series and its episodes have been updated.'
              : `The series has been uploaded with ${values.episodes.length} ${values.episodes.length === 1 ? 'episode' : 'episodes'}.`
          }
          onClose={() => void navigate('/admin/series')}
        />
      }
    >
      <div className="ad-form-grid__main">
        <FormSection title="Series">
          <TextField label="Title" required {...field('title')} />
          <TextArea label="Description" rows={3} {...field('description')} />
          <TextField
            label="Trailer URL"
            type="url"
            placeholder="https:// (optional)"
            {...field('trailerUrl')}
          />
          <TextField label="Cast" required hint="Separate names with commas" {...field('cast')} />
          <div className="ad-row ad-row--3">
            <SelectField label="Language" options={LANGUAGES} {...field('language')} />
            <SelectField label="Rating" options={RATINGS} {...field('rating')} />
            <SelectField
              label="Category"
              options={CATEGORIES}
              optionLabel={(c) => CATEGORY_LABELS[c]}
              {...field('category')}
            />
          </div>
          <TextField label="Tags" hint="Separate tags with commas" {...field('tags')} />
          <GenreChoices legend="Genres" {...field('genre')} />
        </FormSection>
      </div>
      <div className="ad-form-grid__side">
        <FormSection title="Content partner">
          <PartnerPicker picker={partner} hint="Given to every episode of the series" />
        </FormSection>
        <FormSection title="Title image">
          <FilePicker
            label="Title image"
            name="titleImage"
            accept={IMAGE_TYPES}
            aspect="8 / 3"
            file={titleImage}
            currentUrl={series?.titlePngUrl}
            onChange={(file) => {
              setTitleImage(file);
              form.clearError('titleImage');
            }}
            error={errors.titleImage}
          />
        </FormSection>
      </div>

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
            onChange={(patch) => updateBlock(index, patch)}
            onRemove={() => removeBlock(index)}
          />
        ))}
        <button type="button" className="button button--ghost ad-add-episode" onClick={addBlock}>
          + Add another episode
        </button>
      </FormSection>

      <FormActions
        label={submission.loading ? 'Saving…' : mode === 'edit' ? 'Update' : 'Upload'}
        disabled={submission.loading}
        cancelTo="/admin/series"
      />
    </FormPage>
  );
}
