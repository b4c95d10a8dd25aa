import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';
import { endpoints } from '../../catalog/endpoints';
import {
  emptyMovieForm,
  MOVIE_FORM,
  type MovieFormContext,
  type MovieFormFiles,
  movieFormData,
  movieFormFromMovie,
  movieServerErrors,
  validateMovieForm,
} from '../../catalog/movie-form';
import type { AdminMovie } from '../../catalog/types';
import { MessageDialog } from '../../components/Dialog';
import { DescribedSections } from '../../components/DescribedFields';
import { EditTargetPending, focusFirstInvalid, FormActions, FormPage } from '../../components/FormLayout';
import { useEditTarget } from '../../components/use-edit-target';
import { useFormFiles, useFormValues } from '../../components/use-form-values';
import { useSubmission } from '../../components/use-submission';
import { PartnerPicker } from '../../partners/PartnerPicker';
import { useTitlePartner } from '../../partners/use-title-partner';
import { useTitleVideo, videoOutcomeWords, type VideoOutcome } from '../../videos/use-title-video';
import { VideoFileField } from '../../videos/VideoFileField';
import { TrailerField, useTitleTrailer } from '../../videos/TrailerField';

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
  const { values, setErrors } = form;
  const { files, bind } = useFormFiles(NO_FILES, form);
  const [done, setDone] = useState<VideoOutcome | null>(null);
  const video = useTitleVideo();
  const trailer = useTitleTrailer('movie', movieId);
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

  const context: MovieFormContext = {
    mode,
    now: new Date(),
    playsVideo: Boolean(video.file || current?.video),
    choosesVideo: Boolean(video.file),
    movie: current,
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saved) return;
    const problems = validateMovieForm(values, files, mode, context.now, context.playsVideo);
    setErrors(problems);
    const fileProblems = [video.check(), trailer.check()];
    if (fileProblems.some(Boolean) || Object.keys(problems).length) {
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
    // The trailer (D45) follows the video; its own panel shows how it went.
    const trailerOutcome = outcome === 'failed' ? 'none' : await trailer.send(title._id);
    // A failed upload stays on the page, with what went wrong and Try again.
    if (outcome !== 'failed' && trailerOutcome !== 'failed') setDone(outcome);
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
      <DescribedSections
        form={MOVIE_FORM}
        context={context}
        bind={bind}
        slots={{
          video: <VideoFileField field={video} current={current?.video} onRetried={setDone} />,
          trailer: <TrailerField field={trailer} />,
          partner: <PartnerPicker picker={partner} />,
        }}
      />

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
