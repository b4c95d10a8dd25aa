import { Link } from 'react-router';
import { StaticPage, SUPPORT_EMAIL } from './StaticPage';

const TOPICS = [
  {
    title: 'Payments and plans',
    text: 'Include your registered mobile number and the payment reference from your receipt or bank statement.',
  },
  {
    title: 'Playback problems',
    text: 'Tell us the title, your device and browser or app version, and what you see on screen.',
  },
  {
    title: 'Content partners',
    text: 'Producers and studios who want their films or series on Chitram: tell us about your catalogue and languages.',
  },
];

export function Contact() {
  return (
    <StaticPage
      title="Contact Us"
      eyebrow="Help"
      lead="We are a small team in Hyderabad and we read every message. The quickest way to reach us is e-mail."
    >
      <div className="vw-contact-card">
        <p className="vw-contact-card__label">Write to us</p>
        <a className="vw-contact-card__email" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        <p className="vw-contact-card__hours">
          Monday to Saturday, 10:00 to 19:00 IST · replies within two business days
        </p>
      </div>

      <div className="vw-topics">
        {TOPICS.map((topic) => (
          <section className="vw-topic" key={topic.title}>
            <h2>{topic.title}</h2>
            <p>{topic.text}</p>
          </section>
        ))}
      </div>

      <section className="vw-static__section">
        <h2>Before you write</h2>
        <p>
          Answers about refunds and failed payments are in our{' '}
          <Link to="/refund-and-cancellation">Refund and Cancellation Policy</Link>, and how we handle your
          data is in our <Link to="/privacypolicy">Privacy Policy</Link>. Chitram, Hyderabad, Telangana,
          India.
        </p>
      </section>
    </StaticPage>
  );
}
