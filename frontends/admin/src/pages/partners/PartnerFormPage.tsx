import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useApi } from '../../app/api';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';
import { endpoints, partnerPaths } from '../../analytics/endpoints';
import type { FieldErrors } from '../../catalog/form-rules';
import { TextField } from '../../components/FormFields';
import { EditTargetPending, focusFirstInvalid, FormAlert, FormSection } from '../../components/FormLayout';
import {
  emptyPartnerForm,
  partnerBody,
  partnerFormFromPartner,
  partnerServerErrors,
  validatePartnerForm,
  type PartnerField,
  type PartnerFormValues,
} from '../../partners/partner-form';
import type { PartnerSaved } from '../../partners/types';
import { usePartnerDetails } from '../../partners/use-partner-details';

const FIELDS: Array<{ name: PartnerField; label: string; hint?: string; inputMode?: 'numeric' | 'text' }> = [
  { name: 'name', label: 'Name' },
  { name: 'contactPerson', label: 'Contact person' },
  { name: 'email', label: 'E-mail' },
  { name: 'phone', label: 'Phone', hint: 'With the area or country code' },
  {
    name: 'revenueSharePercent',
    label: 'Revenue share (%)',
    hint: "The partner's part of what their titles earn, 0 to 100",
    inputMode: 'numeric',
  },
];

/** /admin/vendor/new and /admin/vendor/{id}/edit: a content partner's details, checked as the API checks them. */
export function PartnerFormPage() {
  const { partnerId } = useParams();
  const heading = partnerId ? 'Edit partner' : 'Add partner';
  useDocumentTitle(heading);
  const navigate = useNavigate();
  const { api, problemOf } = useApi();
  const { toast } = useHost();
  const existing = usePartnerDetails(partnerId);
  const partner = existing.data?.partner;
  const before = useMemo(() => (partner ? partnerFormFromPartner(partner) : undefined), [partner]);
  const [values, setValues] = useState<PartnerFormValues>(emptyPartnerForm);
  const [errors, setErrors] = useState<FieldErrors<PartnerField>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const loaded = useRef(false);

  useEffect(() => {
    if (before && !loaded.current) {
      loaded.current = true;
      setValues(before);
    }
  }, [before]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validatePartnerForm(values);
    setErrors(found);
    setProblem('');
    if (Object.keys(found).length) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      const json = partnerBody(values, before);
      const saved = partnerId
        ? await api.patch(endpoints.partner(partnerId), { json }).json<PartnerSaved>()
        : await api.post(endpoints.partners, { json }).json<PartnerSaved>();
      toast(saved.message, 'success');
      void navigate(partnerPaths.page(saved.partner._id));
    } catch (failure) {
      const answer = problemOf(failure);
      setErrors(partnerServerErrors(answer.fields));
      setProblem(answer.message);
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  }

  if (partnerId && !before)
    return (
      <EditTargetPending
        heading={heading}
        error={existing.status === 'error' ? existing.error : null}
        backTo={partnerPaths.list}
        backLabel="Back to Vendor"
      />
    );

  return (
    <section className="ad-page ad-page--form">
      <header className="ad-page__header">
        <Link className="ad-crumb" to={partnerPaths.list}>
          ← Vendor
        </Link>
        <h1 className="ad-page__title">{heading}</h1>
      </header>
      <FormAlert message={problem} />
      <form ref={formRef} className="pt-form" onSubmit={(e) => void submit(e)} noValidate>
        <FormSection title="Partner">
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              name={field.name}
              required
              hint={field.hint}
              inputMode={field.inputMode}
              value={values[field.name]}
              error={errors[field.name]}
              onChange={(value) => {
                setValues((previous) => ({ ...previous, [field.name]: value }));
                setErrors((previous) => ({ ...previous, [field.name]: undefined }));
              }}
            />
          ))}
        </FormSection>
        <div className="ad-form-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : partnerId ? 'Save partner' : 'Create partner'}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void navigate(partnerPaths.list)}
          >
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
