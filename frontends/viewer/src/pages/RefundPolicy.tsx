import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { Section, StaticPage, SupportEmail } from './StaticPage';

export function RefundPolicy() {
  const { t } = useViewerTranslation();
  return (
    <StaticPage
      title={t('static.refund')}
      englishOnly
      eyebrow="Payments"
      updated="2025-11-01"
      lead="Chitram plans are prepaid and simple: you pay once for a fixed period, and nothing is charged again unless you choose to buy another plan."
    >
      <Section title="Subscription fees are non-refundable">
        <p>
          Once a plan is active, its fee is not refundable, in full or in part, including for any unused days
          of the period. Please check the plan&apos;s quality and supported devices before you pay.
        </p>
      </Section>

      <Section title="No auto-renewal, nothing to cancel">
        <p>
          Plans do not renew automatically and we never store a mandate to charge you again. Your plan simply
          ends on its expiry date, shown in your profile. To keep watching, buy a new plan; buying the plan
          you already hold extends it from its current expiry date.
        </p>
      </Section>

      <Section title="Failed payments">
        <p>
          If money leaves your account but the payment fails or your plan is not activated, the amount is
          refunded automatically to the original payment method within <strong>5 to 7 business days</strong>.
          You do not need to ask for it; if it has not arrived after seven business days, write to us with
          your registered mobile number and the payment reference.
        </p>
      </Section>

      <Section title="Chargebacks">
        <p>
          If you dispute a successful Chitram payment with your bank or card issuer instead of contacting us,
          we may terminate your account and charge a chargeback processing fee. Please write to us first; most
          problems are solved quickly.
        </p>
      </Section>

      <Section title="Misuse">
        <p>
          If an account is used in breach of our Terms and Conditions, for example through fraud, reselling,
          or sharing beyond the devices and streams the plan allows, we may suspend it and the payment for the
          current plan may be forfeited without a refund.
        </p>
      </Section>

      <Section title="Questions">
        <p>
          Write to <SupportEmail /> with your registered mobile number. We answer within two business days.
        </p>
      </Section>
    </StaticPage>
  );
}
