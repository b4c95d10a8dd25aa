import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useApi } from '../../app/api';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';
import { CATEGORIES, IMAGE_TYPES, RATINGS } from '../../catalog/catalog-lists';
import { endpoints } from '../../catalog/endpoints';
import { type FieldErrors, todayInIndia } from '../../catalog/form-rules';
import {
  emptyShowForm,
  type ShowField,
  type ShowFormFiles,
  type ShowFormValues,
  showFormData,
  showFormFromEpisode,
  showServerErrors,
  validateShowForm,
} from '../../catalog/show-form';
import type { Episode } from '../../catalog/types';
import { MessageDialog } from '../../components/Dialog';
import { FilePicker, SelectField, TextArea, TextField } from '../../components/FormFields';
import { focusFirstInvalid, FormAlert, FormSection, EditTargetPending } from '../../components/FormLayout';
import { useSubmission } from '../../components/use-submission';
import { PartnerPicker } from '../../partners/PartnerPicker';
import { useTitlePartner } from '../../partners/use-title-partner';
import { useTitleVideo, videoOutcomeWords, type VideoOutcome } from '../../videos/use-title-video';
import { VideoFileField } from '../../videos/VideoFileField';

const CATEGORY_LABELS: Record<(typeof CATEGORIES)[number], string> = {
  political: 'Political',
  health: 'Health and Fitness',
  education: 'Education',
};

/**
 * The show to edit: handed over by the table (SPEC §2.13), or loaded by id (after a refresh, and when
 * the table's row lacks the link: public lists leave it out, issue 8).
 */
function useShowToEdit(showId: string | undefined) {
  const { api, problemOf } = useApi();
  const handed = (useLocation().state as { show?: Episode } | null)?.show;
  const [show, setShow] = useState<Episode | null>(
    handed && handed._id === showId && handed.videoUrl !== undefined ? handed : null,
  );
  const [error, setError] = useState('');

  useEffect(() => {
    if (!showId || show) return;
    const controller = new AbortController();
    api
      .get(endpoints.show(showId), { signal: controller.signal })
      .json<Episode>()
      .then(
        (found) => !controller.signal.aborted && setShow(found),
        (failure: unknown) => !controller.signal.aborted && setError(problemOf(failure).message),
      );
    return () => controller.abort();
  }, [api, problemOf, showId, show]);

  return { show, error };
}

/** SPEC §2.13 show form: 'Upload show' (`/admin/shows/upload`) or 'Update show' (`/admin/shows/edit/{id}`). */
export function ShowFormPage() {
  const { showId } = useParams();
  const mode = showId ? 'edit' : 'upload';
  const heading = mode === 'edit' ? 'Update show' : 'Upload show';
  useDocumentTitle(heading);
  const navigate = useNavigate();
  const target = useShowToEdit(showId);
  const submission = useSubmission<Episode>();
  const formRef = useRef<HTMLFormElement>(null);

  const [values, setValues] = useState<ShowFormValues>(emptyShowForm);
  const [files, setFiles] = useState<ShowFormFiles>({ banner: null, titleImage: null });
  const [errors, setErrors] = useState<FieldErrors<ShowField>>({});
  const [done, setDone] = useState<VideoOutcome | null>(null);
  const video = useTitleVideo();
  const partner = useTitlePartner('episode', showId);
  const { toast } = useHost();
  // Once saved, the show is not sent again: what is left is its video's upload.
  const [saved, setSaved] = useState<Episode | null>(null);

  const source = target.show;
  useEffect(() => {
    if (source) setValues(showFormFromEpisode(source));
  }, [source]);

  function set<K extends keyof ShowFormValues>(name: K, value: ShowFormValues[K]) {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  }

  function setFile(name: keyof ShowFormFiles, file: File | null) {
    setFiles((previous) => ({ ...previous, [name]: file }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saved) return;
    const playsVideo = Boolean(video.file || source?.video);
    const problems = validateShowForm(values, files, mode, new Date(), playsVideo);
    setErrors(problems);
    if (video.check() || Object.keys(problems).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const body = showFormData(values, files);
    const answer: { show?: Episode } = {};
    const keep = (show: Episode) => {
      answer.show = show;
    };
    const problem =
      mode === 'edit' && source
        ? await submission.submit('patch', endpoints.updateShow(source.seriesId, source._id), body, keep)
        : await submission.submit('post', endpoints.uploadShow, body, keep);
    if (problem || !answer.show) {
      setErrors(showServerErrors(problem?.fields));
      focusFirstInvalid(formRef.current);
      return;
    }
    const show = answer.show;
    setSaved(show);
    const partnerProblem = await partner.save(show._id);
    if (partnerProblem) toast(partnerProblem, 'error');
    const outcome = await video.send({ kind: 'episode', id: show._id, video: show.video ?? source?.video });
    // A failed upload stays on the page, with what went wrong and Try again.
    if (outcome !== 'failed') setDone(outcome);
  }

  if (mode === 'edit' && !source) {
    return (
      <EditTargetPending
        heading={heading}
        error={target.error}
        backTo="/admin/shows"
        backLabel="Back to Shows"
      />
    );
  }

  return (
    <section className="ad-page ad-page--form">
      <header className="ad-page__header">
        <Link className="ad-crumb" to="/admin/shows">
          ← Shows
        </Link>
        <h1 className="ad-page__title">{heading}</h1>
      </header>
      <FormAlert message={submission.error} />
      <form ref={formRef} className="ad-form-grid" onSubmit={(e) => void submit(e)} noValidate>
        <div className="ad-form-grid__main">
          <FormSection title="Episode">
            <TextField
              label="Title"
              name="title"
              required
              value={values.title}
              onChange={(v) => set('title', v)}
              error={errors.title}
            />
            <TextField
              label="Video URL"
              name="videoUrl"
              type="url"
              required={!video.file && !source?.video}
              value={values.videoUrl}
              onChange={(v) => set('videoUrl', v)}
              error={errors.videoUrl}
              placeholder="https://"
              hint="Optional when a video file is uploaded below"
            />
            <VideoFileField field={video} current={source?.video} onRetried={setDone} />
            <div className="ad-row ad-row--3">
              <TextField
                label="Duration"
                name="duration"
                required
                value={values.duration}
                onChange={(v) => set('duration', v)}
                error={errors.duration}
                placeholder="25min"
              />
              <TextField
                label="Release date"
                name="releaseDate"
                type="date"
                required
                max={todayInIndia()}
                value={values.releaseDate}
                onChange={(v) => set('releaseDate', v)}
                error={errors.releaseDate}
              />
              <TextField
                label="Episode number"
                name="episodeNumber"
                inputMode="numeric"
                value={values.episodeNumber}
                onChange={(v) => set('episodeNumber', v)}
                error={errors.episodeNumber}
                hint="Empty: the next in its category"
              />
            </div>
            <TextField
              label="Cast"
              name="cast"
              hint="Separate names with commas"
              value={values.cast}
              onChange={(v) => set('cast', v)}
              error={errors.cast}
            />
            <div className="ad-row ad-row--2">
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
            <TextArea
              label="Description"
              name="description"
              required
              value={values.description}
              onChange={(v) => set('description', v)}
              error={errors.description}
            />
          </FormSection>
        </div>
        <div className="ad-form-grid__side">
          <FormSection title="Content partner">
            <PartnerPicker picker={partner} />
          </FormSection>
          <FormSection title="Pictures">
            <FilePicker
              label="Banner"
              name="banner"
              accept={IMAGE_TYPES}
              required={mode === 'upload'}
              file={files.banner}
              currentUrl={source?.bannerUrl}
              onChange={(f) => setFile('banner', f)}
              error={errors.banner}
              hint="Wide picture, up to 10 MB"
            />
            <FilePicker
              label="Title image"
              name="titleImage"
              accept={IMAGE_TYPES}
              aspect="8 / 3"
              file={files.titleImage}
              currentUrl={source?.titlePngUrl}
              onChange={(f) => setFile('titleImage', f)}
              error={errors.titleImage}
            />
          </FormSection>
        </div>
        <div className="ad-form-actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={submission.loading || saved !== null}
          >
            {submission.loading ? 'Saving…' : heading}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void navigate('/admin/shows')}
          >
            Cancel
          </button>
        </div>
      </form>
      <MessageDialog
        open={done !== null}
        title={mode === 'edit' ? 'Updated!' : 'Uploaded!'}
        text={`${mode === 'edit' ? 'The show has been updated.' : 'The show has been uploaded.'}${videoOutcomeWords(done)}`}
        onClose={() => void navigate('/admin/shows')}
      />
    </section>
  );
}
