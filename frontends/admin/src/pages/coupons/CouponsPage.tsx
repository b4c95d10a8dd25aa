import { type CouponView, formatRupees, PLANS, todayInIndia } from '@chitram/contracts/web';
import { type FormEvent, useRef, useState } from 'react';
import { useApi } from '../../app/api';
import { useHost } from '../../app/host';
import { useDocumentTitle } from '../../app/use-document-title';
import { serverFieldErrors } from '../../catalog/form-rules';
import {
  checkCouponForm,
  COUPON_FORM,
  couponBody,
  type CouponFormContext,
  emptyCouponForm,
} from '../../coupons/coupon-form';
import { DescribedSections } from '../../components/DescribedFields';
import { focusFirstInvalid, FormAlert } from '../../components/FormLayout';
import { TableFrame } from '../../components/TableTools';
import { useFormValues } from '../../components/use-form-values';
import { useResource } from '../../components/use-resource';

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(new Date(iso));
const planNames = (keys: readonly string[]) =>
  keys.length ? keys.map((key) => PLANS.find((p) => p.planKey === key)?.plan ?? key).join(', ') : 'All plans';
/** The last day a coupon works: the moment it ends is the next day's midnight in India. */
const lastDay = (iso: string) => day(new Date(new Date(iso).getTime() - 1).toISOString());

/**
 * /admin/coupons (DECISIONS D33): finance (and the owner) make coupons with the form kit, see each one's
 * redemptions made and held, and disable one. The server checks the form again and prices every order.
 */
export function CouponsPage() {
  useDocumentTitle('Coupons');
  const { api, problemOf } = useApi();
  const { toast } = useHost();
  const coupons = useResource<CouponView[]>('admin/coupons');
  const form = useFormValues(() => emptyCouponForm(todayInIndia(new Date())));
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const context: CouponFormContext = { now: new Date(), kind: form.values.kind };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkCouponForm(form.values, context.now);
    form.setErrors(found);
    setProblem('');
    if (Object.keys(found).length) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      const made = await api.post('admin/coupons', { json: couponBody(form.values) }).json<CouponView>();
      toast(`Coupon ${made.code} created`, 'success');
      form.setValues(emptyCouponForm(todayInIndia(new Date())));
      coupons.reload();
    } catch (failure) {
      const answer = problemOf(failure);
      if (answer.code === 'COUPON_CODE_TAKEN') form.setErrors({ code: 'Another coupon has this code' });
      else form.setErrors(serverFieldErrors(answer.fields, { percent: 'value', amount: 'value' }));
      setProblem(answer.code === 'COUPON_CODE_TAKEN' ? '' : answer.message);
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  }

  async function disable(coupon: CouponView) {
    try {
      await api.post(`admin/coupons/${encodeURIComponent(coupon._id)}/disable`);
      toast(`Coupon ${coupon.code} disabled`, 'success');
      coupons.reload();
    } catch (failure) {
      toast(problemOf(failure).message, 'error');
    }
  }

  const list = coupons.data ?? [];
  return (
    <section className="ad-page">
      <header className="ad-page__header">
        <h1 className="ad-page__title">Coupons</h1>
        <p className="ad-page__lead">
          Priced on the server at checkout, GST on the discounted price; a coupon at its limit is refused
          before payment.
        </p>
      </header>
      <FormAlert message={problem} />
      <form ref={formRef} className="ad-coupon-form" onSubmit={(event) => void submit(event)} noValidate>
        <DescribedSections form={COUPON_FORM} context={context} bind={form.bind} />
        <div className="ad-form-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create coupon'}
          </button>
        </div>
      </form>
      <TableFrame
        status={coupons.status}
        error={coupons.error}
        empty={list.length === 0}
        emptyText="No coupons yet."
        onRetry={coupons.reload}
      >
        <table className="ad-table">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Discount</th>
              <th scope="col">Plans</th>
              <th scope="col">Valid</th>
              <th scope="col">Used</th>
              <th scope="col">Rules</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((coupon) => (
              <tr key={coupon._id}>
                <td>
                  <strong>{coupon.code}</strong>
                  {coupon.disabled && <> · Disabled</>}
                </td>
                <td>
                  {coupon.kind === 'percent'
                    ? `${coupon.percent}% off`
                    : `${formatRupees(coupon.amount ?? 0)} off`}
                </td>
                <td>{planNames(coupon.planKeys)}</td>
                <td>
                  {day(coupon.validFrom)} – {coupon.validTill ? lastDay(coupon.validTill) : 'no end'}
                </td>
                <td>
                  {coupon.redeemed}
                  {coupon.maxRedemptions !== null && ` of ${coupon.maxRedemptions}`}
                  {coupon.reserved > 0 && ` (${coupon.reserved} held)`}
                </td>
                <td>
                  {[
                    coupon.perAccountLimit !== null ? `${coupon.perAccountLimit} per account` : null,
                    coupon.firstPurchaseOnly ? 'first purchase only' : null,
                  ]
                    .filter(Boolean)
                    .join(', ') || '—'}
                </td>
                <td>
                  {!coupon.disabled && (
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => void disable(coupon)}
                    >
                      Disable {coupon.code}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </section>
  );
}
