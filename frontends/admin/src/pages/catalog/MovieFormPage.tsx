import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';
import {
  BANNER_TYPES,
  IMAGE_TYPES,
  LANGUAGES,
  MIN_RELEASE_YEAR,
  RATINGS,
  TITLE_TYPES,
} from '../../catalog/catalog-lists';
import { endpoints } from '../../catalog/endpoints';
import { GenreChoices } from '../../catalog/GenreChoices';
import {
  emptyMovieForm,
  type MovieFormFiles,
  movieFormData,
  movieFormFromMovie,
  movieServerErrors,
  validateMovieForm,
} from '../../catalog/movie-form';
import type { AdminMovie } from '../../catalog/types';
import { MessageDialog } from '../../components/Dialog';
import { ChoiceGroup, FilePicker, SelectField, TextArea, TextField } from '../../components/FormFields';
import {
  EditTargetPending,
  focusFirstInvalid,
  FormActions,
  FormPage,
  FormSection,
} from '../../components/FormLayout';
import { useEditTarget } from '../../components/use-edit-target';
import { useFormFiles, useFormValues } from '../../components/use-form-values';
import { useSubmission } from '../../components/use-submission';
import { PartnerPicker } from '../../partners/PartnerPicker';
import { useTitlePartner } from '../../partners/use-title-partner';
import { useTitleVideo, videoOutcomeWords, type VideoOutcome } from '../../videos/use-title-video';
import { VideoFileField } from '../../videos/VideoFileField';

const NO_FILES: MovieFormFiles = { thumbnail: null, banner: null, titleImage: null };

/** SPEC §2.13 / §4.7 movie form: upload (`/admin/movies/upload`) and edit (`/admin/movies/edit/{id}`). */
export function MovieFormPage() {
  const { movieId } = useParams();
  const mode = movieId ? 'edit' : 'upload';
  const heading = mode === 'edit' ? 'Edit Movie' : 'Upload New Movie';
  useDocumentTitle(heading);
  const navigate = useNavigate();
  // The table's copy shows at once; the API's follows.
  const target = useEditTarget<AdminMovie>(movieId, endpoints.movie, 'movie');
  const submission = useSubmission<AdminMovie>();
  const formRef = useRef<HTMLFormElement>(null);

  const form = useFormValues(emptyMovieForm);
  const { values, errors, setErrors, field } = form;
  const { files, picker } = useFormFiles(NO_FILES, form);
  const [done, setDone] = useState<VideoOutcome | null>(null);
  const video = useTitleVideo();
  const partner = useTitlePartner('movie', movieId);
  const { toast } = useHost();
  // Once saved, the title is not sent again: what is left is its video's upload.
  const [saved, setSaved] = useState<AdminMovie | null>(null);

  // Fills the form in from the movie: the table's copy at once, then the API's, unless already edited.
  const current = target.item;
  const { fill } = form;
  useEffect(() => {
    if (current) fill(movieFormFromMovie(current));
  }, [current, fill]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saved) return;
    const playsVideo = Boolean(video.file || current?.video);
    const problems = validateMovieForm(values, files, mode, new Date(), playsVideo);
    setErrors(problems);
    if (video.check() || Object.keys(problems).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const body = movieFormData(values, files);
    const answer: { movie?: AdminMovie } = {};
    const keep = (movie: AdminMovie) => {
      answer.movie = movie;
    };
    const problem =
      mode === 'edit' && movieId
        ? await submission.submit('patch', endpoints.updateMovie(movieId), body, keep)
        : await submission.submit('post', endpoints.movies, body, keep);
    if (problem || !answer.movie) {
      setErrors(movieServerErrors(problem?.fields));
      focusFirstInvalid(formRef.current);
      return;
    }
    const title = answer.movie;
    setSaved(title);
    const partnerProblem = await partner.save(title._id);
    if (partnerProblem) toast(partnerProblem, 'error');
    const outcome = await video.send({
      kind: 'movie',
      id: title._id,
      video: title.video ?? current?.video,
    });
    // A failed upload stays on the page, with what went wrong and Try again.
    if (outcome !== 'failed') setDone(outcome);
  }

  if (mode === 'edit' && !current) {
    return (
      <EditTargetPending
        heading={heading}
        error={target.error}
        backTo="/admin/movies"
        backLabel="Back to Movies"
      />
    );
  }

  const year = new Date().getFullYear();

  return (
    <FormPage
      heading={heading}
      back={{ to: '/admin/movies', label: 'Movies' }}
      error={submission.error}
      formRef={formRef}
      onSubmit={submit}
      after={
        <MessageDialog
          open={done !== null}
          title={mode === 'edit' ? 'Updated!' : 'Movie uploaded successfully!'}
          text={`${
            mode === 'edit'
              ? `${values.title.trim()} has been updated.`
              : `${values.title.trim()} is now in the catalogue.`
          }${videoOutcomeWords(done)}`}
          onClose={() => void navigate('/admin/movies')}
        />
      }
    >
      <div className="ad-form-grid__main">
        <FormSection title="Details">
          <TextField label="Title" required {...field('title')} />
          <TextArea label="Description" required {...field('description')} />
          <TextField
            label="Cast"
            required
            hint="Separate names with commas"
            placeholder="Ravi Teja, Sai Pallavi"
            {...field('cast')}
          />
          <div className="ad-row ad-row--3">
            <SelectField label="Language" options={LANGUAGES} {...field('language')} />
            <SelectField
              label="Type"
              options={TITLE_TYPES}
              optionLabel={(t) => (t === 'movie' ? 'Movie' : 'Series')}
              {...field('type')}
            />
            <SelectField label="Rating" options={RATINGS} {...field('rating')} />
          </div>
          <div className="ad-row ad-row--3">
            <TextField
              label="Release year"
              required
              type="number"
              inputMode="numeric"
              placeholder={String(year)}
              hint={`${MIN_RELEASE_YEAR} to ${year}`}
              {...field('releaseYear')}
            />
            <TextField label="Duration" required placeholder="2hr 30min" {...field('duration')} />
            <ChoiceGroup legend="Free to watch" error={errors.isFree}>
              {(
                [
                  [true, 'Yes'],
                  [false, 'No'],
                ] as const
              ).map(([free, label]) => (
                <label key={label} className="ad-choice">
                  <input
                    type="radio"
                    name="isFree"
                    checked={values.isFree === free}
                    onChange={() => form.set('isFree', free)}
                  />
                  {label}
                </label>
              ))}
            </ChoiceGroup>
          </div>
        </FormSection>

        <FormSection title="Genres">
          <GenreChoices legend="Genre" {...field('genre')} />
        </FormSection>

        <FormSection title="Playback">
          <TextField
            label="Movie link"
            required={mode === 'upload' && !video.file}
            type="url"
            placeholder="https://"
            hint={
              mode === 'edit'
                ? 'Leave empty to keep the current link'
                : 'Optional when a video file is uploaded below'
            }
            {...field('movieUrl')}
          />
          <VideoFileField field={video} current={current?.video} onRetried={setDone} />
          <TextField
            label="Trailer link"
            type="url"
            placeholder="https:// (optional)"
            {...field('trailerUrl')}
          />
        </FormSection>
      </div>

      <div className="ad-form-grid__side">
        <FormSection title="Content partner">
          <PartnerPicker picker={partner} />
        </FormSection>
        <FormSection title="Pictures">
          <FilePicker
            label="Thumbnail"
            accept={IMAGE_TYPES}
            required={mode === 'upload'}
            aspect="2 / 3"
            currentUrl={current?.thumbnailUrl}
            {...picker('thumbnail')}
            hint="Poster, 2:3, up to 10 MB"
          />
          <FilePicker
            label="Banner"
            accept={BANNER_TYPES}
            required={mode === 'upload'}
            currentUrl={current?.bannerUrl}
            {...picker('banner')}
            hint="Wide picture or short video (up to 50 MB)"
          />
          <FilePicker
            label="Title image"
            accept={IMAGE_TYPES}
            required={mode === 'upload'}
            aspect="8 / 3"
            currentUrl={current?.titlePngUrl}
            {...picker('titleImage')}
            hint="The title as a transparent PNG"
          />
        </FormSection>
      </div>

      <FormActions
        label={
          submission.loading
            ? mode === 'edit'
              ? 'Updating…'
              : 'Uploading…'
            : mode === 'edit'
              ? 'Update Movie'
              : 'Upload Movie'
        }
        disabled={submission.loading || saved !== null}
        cancelTo="/admin/movies"
      />
    </FormPage>
  );
}
