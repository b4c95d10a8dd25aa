import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';
import { endpoints } from '../../catalog/endpoints';
import {
  emptyShowForm,
  SHOW_FORM,
  type ShowFormContext,
  type ShowFormFiles,
  showFormData,
  showFormFromEpisode,
  showServerErrors,
  validateShowForm,
} from '../../catalog/show-form';
import type { Episode } from '../../catalog/types';
import { MessageDialog } from '../../components/Dialog';
import { DescribedSections } from '../../components/DescribedFields';
import { EditTargetPending, focusFirstInvalid, FormActions, FormPage } from '../../components/FormLayout';
import { useEditTarget } from '../../components/use-edit-target';
import { useFormFiles, useFormValues } from '../../components/use-form-values';
import { useSubmission } from '../../components/use-submission';
import { PartnerPicker } from '../../partners/PartnerPicker';
import { useTitlePartner } from '../../partners/use-title-partner';
import { useTitleVideo, videoOutcomeWords, type VideoOutcome } from '../../videos/use-title-video';
import { usePreviousEpisodeVideo } from '../../videos/use-previous-episode-video';
import { VideoFileField } from '../../videos/VideoFileField';

/** SPEC §2.13 show form: 'Upload show' (`/admin/shows/upload`) or 'Update show' (`/admin/shows/edit/{id}`). */
export function ShowFormPage() {
  const { showId } = useParams();
  const mode = showId ? 'edit' : 'upload';
  const heading = mode === 'edit' ? 'Update show' : 'Upload show';
  useDocumentTitle(heading);
  const navigate = useNavigate();
  // The table's copy shows at once when it has the link (public lists leave it out, issue 8).
  const target = useEditTarget<Episode>(
    showId,
    endpoints.show,
    'show',
    (show) => show.videoUrl !== undefined,
  );
  const submission = useSubmission<Episode>();
  const formRef = useRef<HTMLFormElement>(null);

  const form = useFormValues(emptyShowForm);
  const { setErrors } = form;
  const { files, bind } = useFormFiles<ShowFormFiles>({ banner: null, titleImage: null }, form);
  const [done, setDone] = useState<VideoOutcome | null>(null);
  const video = useTitleVideo();
  const partner = useTitlePartner('episode', showId);
  const { toast } = useHost();
  // Once saved, the show is not sent again: what is left is its video's upload.
  const [saved, setSaved] = useState<Episode | null>(null);

  const source = target.item;
  const previousVideoId = usePreviousEpisodeVideo(source);
  const { fill } = form;
  useEffect(() => {
    if (source) fill(showFormFromEpisode(source));
  }, [source, fill]);

  const context: ShowFormContext = {
    mode,
    now: new Date(),
    playsVideo: Boolean(video.file || source?.video),
    show: source,
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saved) return;
    const problems = validateShowForm(form.values, files, mode, context.now, context.playsVideo);
    setErrors(problems);
    if (video.check() || Object.keys(problems).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const body = showFormData(form.values, files);
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
    <FormPage
      heading={heading}
      back={{ to: '/admin/shows', label: 'Shows' }}
      error={submission.error}
      formRef={formRef}
      onSubmit={submit}
      after={
        <MessageDialog
          open={done !== null}
          title={mode === 'edit' ? 'Updated!' : 'Uploaded!'}
          text={`${mode === 'edit' ? 'The show has been updated.' : 'The show has been uploaded.'}${videoOutcomeWords(done)}`}
          onClose={() => void navigate('/admin/shows')}
        />
      }
    >
      <DescribedSections
        form={SHOW_FORM}
        context={context}
        bind={bind}
        slots={{
          video: (
            <VideoFileField
              field={video}
              current={source?.video}
              onRetried={setDone}
              previousVideoId={previousVideoId}
            />
          ),
          partner: <PartnerPicker picker={partner} />,
        }}
      />
      <FormActions
        label={submission.loading ? 'Saving…' : heading}
        disabled={submission.loading || saved !== null}
        cancelTo="/admin/shows"
      />
    </FormPage>
  );
}
