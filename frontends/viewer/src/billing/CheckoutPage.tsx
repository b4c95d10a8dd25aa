import {
  type BillingAccountView,
  type CheckoutOrder,
  type DeviceClass,
  type PaymentConfirmation,
  type StoredPlan,
  type VerifiedPayment,
  findPlan,
} from '@chitram/contracts/web';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useHost } from '../app/host';
import { usePreload } from '../app/lazy-page';
import { SuccessPage } from '../app/pages';
import { useDocumentTitle } from '../app/use-document-title';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { checkoutRequestFrom, type PaymentSuccess } from './billing-rules';
import { useDeviceConfirm } from './DeviceNotice';
import { openRazorpayCheckout, type CheckoutHandlers } from './razorpay-checkout';
import { usePlanWords } from './plan-words';
import { isCouponRefusal } from './Promotions';
import { SandboxPaymentWindow } from './SandboxPaymentWindow';
import { StateDialog } from './StatePicker';
import '../styles/billing.css';

type Phase = 'initializing' | 'paying' | 'processing';

/**
 * /checkout (SPEC §2.9, §4.4; DECISIONS D15, D16, D18, D19): starts by itself, creates the order on the
 * server, opens Razorpay Checkout (or the sandbox window), verifies the payment with the server and
 * goes to /success-payment. Every outcome is a toast, never an alert. The first checkout asks for the
 * viewer's state, the place of supply of their tax invoices (D32).
 */
export function CheckoutPage() {
  const { t } = useViewerTranslation();
  const { price } = useFormats();
  const words = usePlanWords();
  useDocumentTitle(t('checkout.documentTitle'));
  const { api, toast, getSession, problemOf } = useHost();
  usePreload(SuccessPage);
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const request = useMemo(() => checkoutRequestFrom(search), [search]);
  const [phase, setPhase] = useState<Phase>('initializing');
  const [sandboxOrder, setSandboxOrder] = useState<CheckoutOrder | null>(null);
  const started = useRef(false);
  const handlers = useRef<CheckoutHandlers | null>(null);
  const deviceCheck = useDeviceConfirm();
  const [askingState, setAskingState] = useState(false);
  const stateAnswer = useRef<((code: string | null) => void) | null>(null);
  // What the order charges (an upgrade's credit taken off, D38): the success page shows what was paid.
  const charged = useRef<number | null>(null);
  /** The devices the order sells (D43), for the success page. */
  const soldDevices = useRef<DeviceClass[] | null>(null);
  const answerState = (code: string | null) => {
    setAskingState(false);
    stateAnswer.current?.(code);
  };

  useEffect(() => {
    if (started.current) return; // one order per visit, even when React runs effects twice
    started.current = true;
    if (!getSession().user?.token) {
      toast(t('checkout.loginToContinue'), 'error');
      void navigate('/login', {
        replace: true,
        state: { returnTo: `${location.pathname}${location.search}` },
      });
      return;
    }
    if (!request) {
      toast(t('checkout.failed'), 'error');
      void navigate('/subscribe', { replace: true });
      return;
    }
    const planKey = request.planKey;

    handlers.current = {
      onPaid: (confirmation: PaymentConfirmation) => void verify(confirmation),
      onDismiss: () => {
        setSandboxOrder(null);
        toast(t('checkout.cancelled'), 'info');
        void navigate('/', { replace: true });
      },
      // The provider's reason is in its own words (English): the viewer gets ours, in their language.
      onFailed: () => {
        setSandboxOrder(null);
        toast(t('checkout.paymentFailed'), 'error');
        void navigate('/subscribe', { replace: true });
      },
    };

    async function verify(confirmation: PaymentConfirmation) {
      setSandboxOrder(null);
      setPhase('processing');
      try {
        const answer = await api
          .post('checkout/verify-payment', { json: { ...confirmation, planKey } })
          .json<VerifiedPayment>();
        if (!answer.success && !answer.status) throw new Error('not verified');
        getSession().updateSubscription(answer.activeSubscription, answer.isSubscribed);
        const success: PaymentSuccess = {
          planName: answer.activeSubscription?.planName ?? request!.planName,
          price:
            charged.current === null
              ? request!.price
              : (charged.current / 100).toFixed(charged.current % 100 ? 2 : 0),
          device: request!.device,
          devices: soldDevices.current,
          validTill: answer.activeSubscription?.validTill ?? null,
        };
        void navigate('/success-payment', { replace: true, state: success });
      } catch {
        toast(t('checkout.verificationFailed'), 'error');
        void navigate('/profile', { replace: true });
      }
    }

    // A plan that does not play here is bought only after the viewer says so (D15, D20): on the plans
    // page, or here when the checkout was opened from a link.
    const devicesConfirmed =
      (location.state as { devicesConfirmed?: unknown } | null)?.devicesConfirmed === true;
    if (devicesConfirmed) void createOrder();
    else void confirmDevices();

    /** Asks about the plan's devices as they are now (D43); those of the plan table if they cannot be read. */
    async function confirmDevices() {
      const plans = await api
        .get('plans')
        .json<StoredPlan[]>()
        .catch(() => [] as StoredPlan[]);
      deviceCheck.confirm(
        plans.find((p) => p.planKey === planKey) ?? findPlan(planKey)!,
        () => void createOrder(),
        () => void navigate('/subscribe', { replace: true }),
      );
    }

    /** The viewer's state when billing has none yet (asked once), else undefined; null if they cancelled. */
    async function stateToGive(): Promise<string | null | undefined> {
      const account = await api.get('user/billing-account').json<BillingAccountView>();
      if (account.stateCode) return undefined;
      return new Promise<string | null>((resolve) => {
        stateAnswer.current = resolve;
        setAskingState(true);
      });
    }

    async function createOrder() {
      let order: CheckoutOrder;
      try {
        const stateCode = await stateToGive();
        if (stateCode === null) {
          toast(t('checkout.cancelled'), 'info');
          void navigate('/subscribe', { replace: true });
          return;
        }
        const couponCode = request!.coupon;
        order = await api
          .post('checkout/create-order', {
            json: { planKey, ...(stateCode ? { stateCode } : {}), ...(couponCode ? { couponCode } : {}) },
          })
          .json<CheckoutOrder>();
      } catch (failure) {
        // A coupon refused before payment (D33): back to the plans, saying why.
        const problem = problemOf(failure, t('checkout.failed'));
        if (isCouponRefusal(problem.code)) {
          toast(t(`promo.errors.${problem.code}`), 'error');
          void navigate('/subscribe', { replace: true });
          return;
        }
        toast(t('checkout.failed'), 'error');
        void navigate('/', { replace: true });
        return;
      }
      charged.current = order.amount;
      soldDevices.current = order.terms ? [...order.terms.devices] : null;
      setPhase('paying');
      if (order.provider === 'sandbox') {
        setSandboxOrder(order);
        return;
      }
      try {
        await openRazorpayCheckout(order, handlers.current!);
      } catch {
        toast(t('checkout.failed'), 'error');
        void navigate('/', { replace: true });
      }
    }
    // Runs once per visit: the request and session are read as they were when the page opened.
  }, []);

  return (
    <section className="vw-checkout" aria-live="polite" aria-busy={phase !== 'paying'}>
      <div className="vw-checkout__card">
        <span className="vw-checkout__spinner" aria-hidden="true" />
        <p className="vw-checkout__status" role="status">
          {phase === 'initializing' ? t('checkout.initializing') : t('checkout.processing')}
        </p>
        {request && (
          <p className="vw-checkout__plan">
            {request.price
              ? t('checkout.planPrice', {
                  plan: words.name(request.planKey),
                  price: request.price,
                  amount: price(request.price),
                })
              : words.name(request.planKey)}
          </p>
        )}
        {request?.coupon && (
          <p className="vw-checkout__plan">{t('promo.applied', { code: request.coupon.toUpperCase() })}</p>
        )}
      </div>
      {deviceCheck.dialog}
      <StateDialog open={askingState} onChosen={answerState} onCancel={() => answerState(null)} />
      {sandboxOrder && handlers.current && (
        <SandboxPaymentWindow order={sandboxOrder} handlers={handlers.current} />
      )}
    </section>
  );
}
