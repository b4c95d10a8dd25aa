import { type AdminPlanView, formatRupees, type PlanTermsVersion } from '@chitram/contracts/web';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useApi } from '../../app/api';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';
import { serverFieldErrors } from '../../catalog/form-rules';
import { DescribedSections } from '../../components/DescribedFields';
import { focusFirstInvalid, FormAlert } from '../../components/FormLayout';
import { TableFrame } from '../../components/TableTools';
import { useFormValues } from '../../components/use-form-values';
import { useResource } from '../../components/use-resource';
import {
  checkPlanTermsForm,
  DEVICE_LABELS,
  PLAN_TERMS_FORM,
  planName,
  planTermsBody,
  type PlanTermsFormContext,
  planTermsFormOf,
  type PlanTermsFormValues,
} from '../../plans/plan-terms-form';

const moment = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));

/** One version's terms in a line: ₹99 · 3 months · Mobile · 720p · 1 screen. */
function termsLine(terms: PlanTermsVersion): string {
  return [
    formatRupees(terms.amount),
    `${terms.validityMonths} month${terms.validityMonths === 1 ? '' : 's'}`,
    terms.devices.map((device) => DEVICE_LABELS[device]).join(', '),
    `${terms.maxResolution}p`,
    `${terms.maxStreams} screen${terms.maxStreams === 1 ? '' : 's'}`,
  ].join(' · ');
}

const blankForm: PlanTermsFormValues = {
  planKey: 'basic',
  price: '',
  validityMonths: '',
  devices: [],
  maxResolution: '720',
  maxStreams: '',
  takesEffect: 'now',
  effectiveDay: '',
};

/**
 * /admin/plans (DECISIONS D43): finance (and the owner) see each plan's terms now and the changes
 * scheduled, set new terms with the form kit (now or from a day), and cancel a change before it takes
 * effect. Orders made before a change keep the terms they were sold with.
 */
export function PlansPage() {
  useDocumentTitle('Plans');
  const { api, problemOf } = useApi();
  const { toast } = useHost();
  const plans = useResource<AdminPlanView[]>('admin/plans');
  const form = useFormValues<PlanTermsFormValues>(blankForm);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const context: PlanTermsFormContext = { now: new Date(), takesEffect: form.values.takesEffect };
  const list = plans.data ?? [];
  const chosen = list.find((plan) => plan.planKey === form.values.planKey);

  // Choosing a plan (or its terms read again) puts its terms now in the form, to change from there.
  const { setValues } = form;
  useEffect(() => {
    if (chosen) setValues(planTermsFormOf(chosen));
  }, [chosen, setValues]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkPlanTermsForm(form.values, context.now);
    form.setErrors(found);
    setProblem('');
    if (Object.keys(found).length) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      const { planKey, takesEffect } = form.values;
      await api.post(`admin/plans/${encodeURIComponent(planKey)}/changes`, {
        json: planTermsBody(form.values),
      });
      toast(
        `${planName(planKey)}: ${takesEffect === 'now' ? 'new terms in force' : 'change scheduled'}`,
        'success',
      );
      plans.reload();
    } catch (failure) {
      const answer = problemOf(failure);
      const past = answer.code === 'PLAN_CHANGE_IN_PAST';
      form.setErrors(
        past
          ? { effectiveDay: 'Choose a day after today, or Now' }
          : serverFieldErrors(answer.fields, { effectiveFrom: 'effectiveDay' }),
      );
      setProblem(past ? '' : answer.message);
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  }

  async function cancel(plan: AdminPlanView, change: PlanTermsVersion) {
    try {
      await api.delete(
        `admin/plans/${encodeURIComponent(plan.planKey)}/changes/${encodeURIComponent(change._id)}`,
      );
      toast(`${plan.plan}: change of ${moment(change.effectiveFrom)} cancelled`, 'success');
    } catch (failure) {
      toast(problemOf(failure).message, 'error');
    }
    plans.reload();
  }

  return (
    <section className="ad-page">
      <header className="ad-page__header">
        <h1 className="ad-page__title">Plans</h1>
        <p className="ad-page__lead">
          New terms take effect now or from a day, and viewers see a change coming on the plans page. Orders
          and invoices keep the terms they were sold with.
        </p>
      </header>
      <TableFrame
        status={plans.status}
        error={plans.error}
        empty={list.length === 0}
        emptyText="No plans."
        onRetry={plans.reload}
      >
        <table className="ad-table">
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Now</th>
              <th scope="col">Scheduled</th>
            </tr>
          </thead>
          <tbody>
            {list.map((plan) => (
              <tr key={plan.planKey}>
                <td>
                  <strong>{plan.plan}</strong>
                </td>
                <td>{termsLine(plan.current)}</td>
                <td>
                  {plan.scheduled.length === 0
                    ? '—'
                    : plan.scheduled.map((change) => (
                        <p key={change._id}>
                          From {moment(change.effectiveFrom)}: {termsLine(change)}{' '}
                          <button
                            type="button"
                            className="button button--ghost"
                            onClick={() => void cancel(plan, change)}
                          >
                            Cancel change
                          </button>
                        </p>
                      ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <h2 className="ad-page__subtitle">Change a plan’s terms</h2>
      <FormAlert message={problem} />
      <form ref={formRef} className="ad-coupon-form" onSubmit={(event) => void submit(event)} noValidate>
        <DescribedSections form={PLAN_TERMS_FORM} context={context} bind={form.bind} />
        <div className="ad-form-actions">
          <button type="submit" className="button button--primary" disabled={busy || !chosen}>
            {busy ? 'Saving…' : form.values.takesEffect === 'now' ? 'Apply now' : 'Schedule change'}
          </button>
        </div>
      </form>
    </section>
  );
}
