import { Link } from 'react-router';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { Section, StaticPage, SupportEmail } from './StaticPage';

export function Terms() {
  const { t } = useViewerTranslation();
  return (
    <StaticPage
      title={t('static.terms')}
      englishOnly
      eyebrow="The agreement"
      updated="2025-11-01"
      lead="These terms are the agreement between you and Chitram when you browse, sign in to, subscribe to or watch Chitram on any device. Please read them; by using the service you accept them."
    >
      <Section title="1. Who may use Chitram">
        <p>
          Chitram is only for people aged <strong>18 or over</strong>. By creating an account or buying a plan
          you confirm that you are at least 18 years old and able to enter into a binding contract under
          Indian law. Some titles are rated A (adults only); ratings are shown with every title.
        </p>
      </Section>

      <Section title="2. Your account">
        <p>
          You sign in with an Indian mobile number and a one-time code sent to it. Keep your phone and codes
          to yourself: you are responsible for everything done through your account. Tell us at once at{' '}
          <SupportEmail /> if you think someone else has used it.
        </p>
      </Section>

      <Section title="3. Plans and payment">
        <p>
          Plans are prepaid for a fixed period (three months, six months or one year) and are priced in Indian
          rupees, inclusive of applicable taxes. Each plan sets the picture quality, the kinds of device you
          may watch on and how many streams may play at once. A plan does not renew automatically; when it
          ends, you keep your account and can buy a new one. Refunds are governed by our{' '}
          <Link to="/refund-and-cancellation">Refund and Cancellation Policy</Link>.
        </p>
      </Section>

      <Section title="4. Using the content">
        <p>
          We grant you a personal, non-exclusive, non-transferable licence to watch the titles in your plan
          for private, non-commercial viewing in India. You may not copy, download outside our apps, record,
          rebroadcast, publicly screen, sell or share the content or your stream links, or try to get around
          the quality, device or stream limits of your plan.
        </p>
      </Section>

      <Section title="5. Fair use">
        <p>
          Do not misuse the service: no automated access, no interfering with our systems, no reselling or
          sharing of accounts beyond what your plan allows, and no use that breaks the law. We may suspend or
          close accounts that do, as described in section 8.
        </p>
      </Section>

      <Section title="6. The catalogue">
        <p>
          The titles on Chitram come from studios and content partners under licence. Titles may be added or
          removed, and availability may differ by language or plan. We aim to keep the service running
          smoothly but cannot promise that it will always be uninterrupted or error-free.
        </p>
      </Section>

      <Section title="7. Intellectual property">
        <p>
          All content, the Chitram name and logo, and the website and apps belong to Chitram or its licensors
          and are protected by Indian and international copyright and trademark law. Nothing in these terms
          transfers any of those rights to you.
        </p>
      </Section>

      <Section title="8. Suspension and termination">
        <p>
          You can stop using Chitram and delete your account at any time from your profile. We may suspend or
          terminate your access if you break these terms, misuse a payment or raise an unjustified chargeback,
          in which case any remaining plan period may be forfeited as set out in the Refund and Cancellation
          Policy.
        </p>
      </Section>

      <Section title="9. Liability">
        <p>
          To the extent the law allows, Chitram is not liable for indirect or consequential losses, and our
          total liability to you for any claim is limited to the amount you paid for your current plan.
          Nothing in these terms limits rights you have as a consumer under Indian law.
        </p>
      </Section>

      <Section title="10. Governing law and jurisdiction">
        <p>
          These terms are governed by the laws of India. Any dispute arising out of or relating to them or to
          the use of Chitram is subject to the exclusive jurisdiction of the courts at{' '}
          <strong>Hyderabad, Telangana</strong>.
        </p>
      </Section>

      <Section title="11. Changes and contact">
        <p>
          We may update these terms; when we do, we will change the date above and, for material changes, tell
          you before they apply. Questions about these terms are welcome at <SupportEmail />.
        </p>
      </Section>
    </StaticPage>
  );
}
