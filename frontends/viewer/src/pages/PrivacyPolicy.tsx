import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { Section, StaticPage, SupportEmail } from './StaticPage';

export function PrivacyPolicy() {
  const { t } = useViewerTranslation();
  return (
    <StaticPage
      title={t('static.privacy')}
      englishOnly
      eyebrow="Your data"
      updated="2025-11-01"
      lead="This policy explains what Chitram collects when you use our website and apps, why we collect it, and the choices you have. We collect as little as we can and we never sell your personal data."
    >
      <Section title="Who we are">
        <p>
          Chitram is a video-streaming service operated from Hyderabad, Telangana, India. For the purposes of
          the Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000, Chitram is
          the data fiduciary for the personal data described here.
        </p>
      </Section>

      <Section title="What we collect">
        <ul>
          <li>
            <strong>Your mobile number.</strong> It is your account: we use it to send the one-time code that
            signs you in and to recognise you when you return. We store sign-in codes only in scrambled
            (hashed) form, and each code expires after five minutes.
          </li>
          <li>
            <strong>Subscription and payment records.</strong> The plan you bought, its price, the dates it
            runs and the order and payment references. Card, UPI and bank details are entered with our payment
            partner, Razorpay; we never see or store your full card number.
          </li>
          <li>
            <strong>Viewing activity.</strong> What you play, for how long and where you stopped, so we can
            resume your titles, recommend new ones and pay our content partners fairly.
          </li>
          <li>
            <strong>Device and connection data.</strong> The kind of device you use (phone, computer, tablet
            or TV), the browser or app version, and your IP address. We need these to apply your plan&apos;s
            device and quality limits, to stop abuse such as repeated sign-in attempts, and to keep the
            service secure.
          </li>
        </ul>
      </Section>

      <Section title="How we use it">
        <ul>
          <li>to create and secure your account and keep you signed in;</li>
          <li>to activate, extend and show your plan, and to issue receipts with the applicable GST;</li>
          <li>to stream video at the quality and on the devices your plan includes;</li>
          <li>to personalise your home page and search results;</li>
          <li>
            to answer you when you write to us, and to tell you about changes to your plan or these terms;
          </li>
          <li>to detect fraud and misuse, and to meet our legal and tax obligations.</li>
        </ul>
        <p>
          We do not use your data for advertising by third parties, and we do not sell or rent it to anyone.
        </p>
      </Section>

      <Section title="Who we share it with">
        <p>
          Only with the service providers that help us run Chitram, and only what each needs: our payment
          partner (Razorpay) to take payments, our SMS provider to deliver sign-in codes, and our hosting and
          storage providers in India and abroad, who are bound by contract to protect it. We disclose data to
          authorities only when Indian law requires it.
        </p>
      </Section>

      <Section title="Storage on your device">
        <p>
          The Chitram website keeps your sign-in session in your browser&apos;s local storage so that you stay
          signed in. Signing out removes it. We do not use advertising cookies or cross-site trackers.
        </p>
      </Section>

      <Section title="How long we keep it">
        <p>
          We keep your data while your account is open. When you delete your account from your profile, we
          delete your profile, viewing history and sessions at once. Payment records are kept, with your
          identity removed, for as long as Indian tax law requires.
        </p>
      </Section>

      <Section title="Your rights">
        <p>
          You can see your plan and payment history in your profile, correct your details by writing to us,
          and delete your account at any time. You may also ask us what personal data we hold about you,
          withdraw consent, or raise a grievance, and we will respond within 30 days.
        </p>
      </Section>

      <Section title="Security">
        <p>
          Connections to Chitram are encrypted, sign-in sessions are short-lived and renewed securely, and
          stream links are signed for your account and expire within minutes. No system is perfectly secure;
          if we ever learn of a breach that affects you, we will tell you and the authorities as the law
          requires.
        </p>
      </Section>

      <Section title="Children">
        <p>Chitram is meant for adults. You must be 18 or older to create an account or buy a plan.</p>
      </Section>

      <Section title="Changes and contact">
        <p>
          If we change this policy in a way that matters, we will tell you on the site before the change
          applies. For questions, requests or grievances, write to <SupportEmail />.
        </p>
      </Section>
    </StaticPage>
  );
}
