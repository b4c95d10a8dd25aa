import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useApi } from '../../app/api';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';
import {
  BANNER_TYPES,
  GENRES,
  type Genre,
  IMAGE_TYPES,
  LANGUAGES,
  MIN_RELEASE_YEAR,
  RATINGS,
  TITLE_TYPES,
} from '../../catalog/catalog-lists';
import { endpoints } from '../../catalog/endpoints';
import type { FieldErrors } from '../../catalog/form-rules';
import {
  emptyMovieForm,
  type MovieField,
  type MovieFormFiles,
  type MovieFormValues,
  movieFormData,
  movieFormFromMovie,
  movieServerErrors,
  validateMovieForm,
} from '../../catalog/movie-form';
import type { AdminMovie } from '../../catalog/types';
import { MessageDialog } from '../../components/Dialog';
import { ChoiceGroup, FilePicker, SelectField, TextArea, TextField } from '../../components/FormFields';
import { focusFirstInvalid, FormAlert, FormSection, EditTargetPending } from '../../components/FormLayout';
import { useSubmission } from '../../components/use-submission';
import { PartnerPicker } from '../../partners/PartnerPicker';
import { useTitlePartner } from '../../partners/use-title-partner';
import { useTitleVideo, videoOutcomeWords, type VideoOutcome } from '../../videos/use-title-video';
import { VideoFileField } from '../../videos/VideoFileField';

const NO_FILES: MovieFormFiles = { thumbnail: null, banner: null, titleImage: null };

/** The movie being edited: loaded by id (DECISIONS D7), shown at once if the table handed it over. */
function useMovieToEdit(movieId: string | undefined) {
  const { api, problemOf } = useApi();
  const handed = (useLocation().state as { movie?: AdminMovie } | null)?.movie;
  const [movie, setMovie] = useState<AdminMovie | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!movieId) return;
    const controller = new AbortController();
    api
      .get(endpoints.movie(movieId), { signal: controller.signal })
      .json<AdminMovie>()
      .then(
        (found) => !controller.signal.aborted && setMovie(found),
        (failure: unknown) => !controller.signal.aborted && setError(problemOf(failure).message),
      );
    return () => controller.abort();
  }, [api, problemOf, movieId]);

  return {
    movie: movie ?? (handed && handed._id === movieId ? handed : null),
    loaded: movie !== null,
    error,
  };
}

/** SPEC §2.13 / §4.7 movie form: upload (`/admin/movies/upload`) and edit (`/admin/movies/edit/{id}`). */
export function MovieFormPage() {
  const { movieId } = useParams();
  const mode = movieId ? 'edit' : 'upload';
  const heading = mode === 'edit' ? 'Edit Movie' : 'Upload New Movie';
  useDocumentTitle(heading);
  const navigate = useNavigate();
  const target = useMovieToEdit(movieId);
  const submission = useSubmission<AdminMovie>();
  const formRef = useRef<HTMLFormElement>(null);

  const [values, setValues] = useState<MovieFormValues>(emptyMovieForm);
  const [files, setFiles] = useState<MovieFormFiles>(NO_FILES);
  const [errors, setErrors] = useState<FieldErrors<MovieField>>({});
  const [done, setDone] = useState<VideoOutcome | null>(null);
  const touched = useRef(false);
  const video = useTitleVideo();
  const partner = useTitlePartner('movie', movieId);
  const { toast } = useHost();
  // Once saved, the title is not sent again: what is left is its video's upload.
  const [saved, setSaved] = useState<AdminMovie | null>(null);

  // Fills the form in from the movie: the table's copy at once, then the API's, unless already edited.
  const source = target.movie;
  useEffect(() => {
    if (source && !touched.current) setValues(movieFormFromMovie(source));
  }, [source]);

  function set<K extends keyof MovieFormValues>(name: K, value: MovieFormValues[K]) {
    touched.current = true;
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  }

  function setFile(name: keyof MovieFormFiles, file: File | null) {
    setFiles((previous) => ({ ...previous, [name]: file }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
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
    if (saved) return;
    const playsVideo = Boolean(video.file || target.movie?.video);
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
      video: title.video ?? target.movie?.video,
    });
    // A failed upload stays on the page, with what went wrong and Try again.
    if (outcome !== 'failed') setDone(outcome);
  }

  if (mode === 'edit' && !target.movie) {
    return (
      <EditTargetPending
        heading={heading}
        error={target.error}
        backTo="/admin/movies"
        backLabel="Back to Movies"
      />
    );
  }

  const current = target.movie;
  const year = new Date().getFullYear();

  return (
    <section className="ad-page ad-page--form">
      <header className="ad-page__header">
        <Link className="ad-crumb" to="/admin/movies">
          ← Movies
        </Link>
        <h1 className="ad-page__title">{heading}</h1>
      </header>
      <FormAlert message={submission.error} />
      <form ref={formRef} className="ad-form-grid" onSubmit={(e) => void submit(e)} noValidate>
        <div className="ad-form-grid__main">
          <FormSection title="Details">
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
              required
              value={values.description}
              onChange={(v) => set('description', v)}
              error={errors.description}
            />
            <TextField
              label="Cast"
              name="cast"
              required
              hint="Separate names with commas"
              value={values.cast}
              onChange={(v) => set('cast', v)}
              error={errors.cast}
              placeholder="Ravi Teja, Sai Pallavi"
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
                label="Type"
                name="type"
                value={values.type}
                options={TITLE_TYPES}
                optionLabel={(t) => (t === 'movie' ? 'Movie' : 'Series')}
                onChange={(v) => set('type', v)}
                error={errors.type}
              />
              <SelectField
                label="Rating"
                name="rating"
                value={values.rating}
                options={RATINGS}
                onChange={(v) => set('rating', v)}
                error={errors.rating}
              />
            </div>
            <div className="ad-row ad-row--3">
              <TextField
                label="Release year"
                name="releaseYear"
                required
                type="number"
                inputMode="numeric"
                value={values.releaseYear}
                onChange={(v) => set('releaseYear', v)}
                error={errors.releaseYear}
                placeholder={String(year)}
                hint={`${MIN_RELEASE_YEAR} to ${year}`}
              />
              <TextField
                label="Duration"
                name="duration"
                required
                value={values.duration}
                onChange={(v) => set('duration', v)}
                error={errors.duration}
                placeholder="2hr 30min"
              />
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
                      onChange={() => set('isFree', free)}
                    />
                    {label}
                  </label>
                ))}
              </ChoiceGroup>
            </div>
          </FormSection>

          <FormSection title="Genres">
            <ChoiceGroup legend="Genre" required error={errors.genre} className="ad-choices--grid">
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

          <FormSection title="Playback">
            <TextField
              label="Movie link"
              name="movieUrl"
              required={mode === 'upload' && !video.file}
              type="url"
              value={values.movieUrl}
              onChange={(v) => set('movieUrl', v)}
              error={errors.movieUrl}
              placeholder="https://"
              hint={
                mode === 'edit'
                  ? 'Leave empty to keep the current link'
                  : 'Optional when a video file is uploaded below'
              }
            />
            <VideoFileField field={video} current={current?.video} onRetried={setDone} />
            <TextField
              label="Trailer link"
              name="trailerUrl"
              type="url"
              value={values.trailerUrl}
              onChange={(v) => set('trailerUrl', v)}
              error={errors.trailerUrl}
              placeholder="https:// (optional)"
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
              name="thumbnail"
              accept={IMAGE_TYPES}
              required={mode === 'upload'}
              aspect="2 / 3"
              file={files.thumbnail}
              currentUrl={current?.thumbnailUrl}
              onChange={(f) => setFile('thumbnail', f)}
              error={errors.thumbnail}
              hint="Poster, 2:3, up to 10 MB"
            />
            <FilePicker
              label="Banner"
              name="banner"
              accept={BANNER_TYPES}
              required={mode === 'upload'}
              file={files.banner}
              currentUrl={current?.bannerUrl}
              onChange={(f) => setFile('banner', f)}
              error={errors.banner}
              hint="Wide picture or short video (up to 50 MB)"
            />
            <FilePicker
              label="Title image"
              name="titleImage"
              accept={IMAGE_TYPES}
              required={mode === 'upload'}
              aspect="8 / 3"
              file={files.titleImage}
              currentUrl={current?.titlePngUrl}
              onChange={(f) => setFile('titleImage', f)}
              error={errors.titleImage}
              hint="The title as a transparent PNG"
            />
          </FormSection>
        </div>

        <div className="ad-form-actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={submission.loading || saved !== null}
          >
            {submission.loading
              ? mode === 'edit'
                ? 'Updating…'
                : 'Uploading…'
              : mode === 'edit'
                ? 'Update Movie'
                : 'Upload Movie'}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void navigate('/admin/movies')}
          >
            Cancel
          </button>
        </div>
      </form>
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
    </section>
  );
}
