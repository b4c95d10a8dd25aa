import { type AdminPayment, formatRupees, type RefundView } from '@chitram/contracts/web';
import { type FormEvent, useState } from 'react';
import { useApi } from '../app/api';
import { useHost } from '../app/host';
import { FormDialog } from '../components/Dialog';
import { TextArea, TextField } from '../components/FormFields';
import { useFormValues } from '../components/use-form-values';
import { paymentEndpoints } from './endpoints';
import { paiseOf, refundFormErrors, rupeesText, type RefundFormValues } from './refund-form';

/**
 * Refund a payment in full or in part, with a reason (D39): the whole of what is left to start with; the
 * gateway refuses more than is left whatever the form says.
 */
export function RefundDialog({
  payment,
  onClose,
  onRefunded,
}: {
  payment: AdminPayment;
  onClose(): void;
  onRefunded(refund: RefundView): void;
}) {
  const { api, problemOf } = useApi();
  const { toast } = useHost();
  const form = useFormValues<RefundFormValues>({ rupees: rupeesText(payment.refundable), reason: '' });
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = refundFormErrors(form.values, payment.refundable);
    form.setErrors(errors);
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    try {
      const refund = await api
        .post(paymentEndpoints.refunds(payment._id), {
          json: { amount: paiseOf(form.values.rupees), reason: form.values.reason.trim() },
        })
        .json<RefundView>();
      toast(
        refund.status === 'processed'
          ? `Refunded ${formatRupees(refund.amount)}; credit note ${refund.creditNote?.number ?? 'not needed (no invoice)'}.`
          : `Refund of ${formatRupees(refund.amount)} asked of the provider; it is ${refund.status}.`,
        refund.status === 'failed' ? 'error' : 'success',
      );
      onRefunded(refund);
    } catch (failure) {
      const problem = problemOf(failure);
      toast(problem.message, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open
      title="Refund payment"
      text={`${payment.planName}, ${formatRupees(payment.amount)} paid; ${formatRupees(payment.refundable)} left to refund.`}
      onClose={onClose}
    >
      <form className="ad-refund-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Amount (₹)" inputMode="text" required {...form.field('rupees')} />
        <TextArea
          label="Reason"
          required
          rows={3}
          hint="Printed on the credit note."
          {...form.field('reason')}
        />
        <div className="ad-dialog__actions">
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? 'Refunding…' : 'Refund'}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose} data-autofocus>
            Cancel
          </button>
        </div>
      </form>
    </FormDialog>
  );
}
