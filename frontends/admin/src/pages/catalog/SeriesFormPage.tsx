import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useApi } from '../../app/api';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';
import { CATEGORIES, GENRES, type Genre, IMAGE_TYPES, LANGUAGES, RATINGS } from '../../catalog/catalog-lists';
import { endpoints } from '../../catalog/endpoints';
import { type FieldErrors, todayInIndia } from '../../catalog/form-rules';
import {
  blockField,
  type EpisodeBlock,
  emptyEpisodeBlock,
  emptySeriesForm,
  type SeriesFormValues,
  seriesFormData,
  seriesFormFromSeries,
  seriesServerErrors,
  validateSeriesForm,
} from '../../catalog/series-form';
import type { SeriesWithEpisodes } from '../../catalog/types';
import { MessageDialog } from '../../components/Dialog';
import { ChoiceGroup, FilePicker, SelectField, TextArea, TextField } from '../../components/FormFields';
import { focusFirstInvalid, FormAlert, FormSection, EditTargetPending } from '../../components/FormLayout';
import { useSubmission } from '../../components/use-submission';
import { PartnerPicker } from '../../partners/PartnerPicker';
import { useTitlePartner } from '../../partners/use-title-partner';

const CATEGORY_LABELS: Record<(typeof CATEGORIES)[number], string> = {
  political: 'Political',
  health: 'Health and Fitness',
  education: 'Education',
};

function useSeriesToEdit(seriesId: string | undefined) {
  const { api, problemOf } = useApi();
  const [series, setSeries] = useState<SeriesWithEpisodes | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!seriesId) return;
    const controller = new AbortController();
    api
      .get(endpoints.oneSeries(seriesId), { signal: controller.signal })
      .json<SeriesWithEpisodes>()
      .then(
        (found) => !controller.signal.aborted && setSeries(found),
        (failure: unknown) => !controller.signal.aborted && setError(problemOf(failure).message),
      );
    return () => controller.abort();
  }, [api, problemOf, seriesId]);
  return { series, error };
}

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
  const target = useSeriesToEdit(seriesId);
  const submission = useSubmission<SeriesWithEpisodes>();
  const partner = useTitlePartner('series', seriesId);
  const { toast } = useHost();
  const formRef = useRef<HTMLFormElement>(null);

  const [values, setValues] = useState<SeriesFormValues>(emptySeriesForm);
  const [titleImage, setTitleImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (target.series) setValues(seriesFormFromSeries(target.series));
  }, [target.series]);

  function set<K extends keyof SeriesFormValues>(name: K, value: SeriesFormValues[K]) {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  }

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

  function toggleGenre(genre: Genre, on: boolean) {
    const next = on ? [...values.genre, genre] : values.genre.filter((g) => g !== genre);
    set(
      'genre',
      GENRES.filter((g) => next.includes(g)),
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

  if (mode === 'edit' && !target.series) {
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
    <section className="ad-page ad-page--form">
      <header className="ad-page__header">
        <Link className="ad-crumb" to="/admin/series">
          ← All Series
        </Link>
        <h1 className="ad-page__title">{heading}</h1>
      </header>
      <FormAlert message={submission.error} />
      <form ref={formRef} className="ad-form-grid" onSubmit={(e) => void submit(e)} noValidate>
        <div className="ad-form-grid__main">
          <FormSection title="Series">
            <TextField
              label="Title"
              name="title"
              required
              value={values.title}
              onChange={(v) => set('title', v)}
              error={errors.title}
            />
            <TextArea
              label="Description"
              name="description"
              rows={3}
              value={values.description}
              onChange={(v) => set('description', v)}
              error={errors.description}
            />
            <TextField
              label="Trailer URL"
              name="trailerUrl"
              type="url"
              value={values.trailerUrl}
              onChange={(v) => set('trailerUrl', v)}
              error={errors.trailerUrl}
              placeholder="https:// (optional)"
            />
            <TextField
              label="Cast"
              name="cast"
              required
              hint="Separate names with commas"
              value={values.cast}
              onChange={(v) => set('cast', v)}
              error={errors.cast}
            />
            <div className="ad-row ad-row--3">
              <SelectField
                label="Language"
                name="language"
                value={values.language}
                options={LANGUAGES}
                onChange={(v) => set('language', v)}
                error={errors.language}
              />
              <SelectField
                label="Rating"
                name="rating"
                value={values.rating}
                options={RATINGS}
                onChange={(v) => set('rating', v)}
                error={errors.rating}
              />
              <SelectField
                label="Category"
                name="category"
                value={values.category}
                options={CATEGORIES}
                optionLabel={(c) => CATEGORY_LABELS[c]}
                onChange={(v) => set('category', v)}
                error={errors.category}
              />
            </div>
            <TextField
              label="Tags"
              name="tags"
              hint="Separate tags with commas"
              value={values.tags}
              onChange={(v) => set('tags', v)}
              error={errors.tags}
            />
            <ChoiceGroup legend="Genres" required error={errors.genre} className="ad-choices--grid">
              {GENRES.map((genre) => (
                <label key={genre} className="ad-choice ad-choice--chip">
                  <input
                    type="checkbox"
                    name="genre"
                    value={genre}
                    checked={values.genre.includes(genre)}
                    onChange={(e) => toggleGenre(genre, e.target.checked)}
                  />
                  {genre}
                </label>
              ))}
            </ChoiceGroup>
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
              currentUrl={target.series?.titlePngUrl}
              onChange={(file) => {
                setTitleImage(file);
                setErrors((previous) => ({ ...previous, titleImage: undefined }));
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

        <div className="ad-form-actions">
          <button type="submit" className="button button--primary" disabled={submission.loading}>
            {submission.loading ? 'Saving…' : mode === 'edit' ? 'Update' : 'Upload'}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void navigate('/admin/series')}
          >
            Cancel
          </button>
        </div>
      </form>
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
    </section>
  );
}
