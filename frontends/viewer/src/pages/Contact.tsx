import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { StaticPage, SUPPORT_EMAIL } from './StaticPage';

const TOPICS = ['payments', 'playback', 'partners'] as const;

export function Contact() {
  const { t } = useViewerTranslation();
  return (
    <StaticPage title={t('contact.title')} eyebrow={t('contact.eyebrow')} lead={t('contact.lead')}>
      <div className="vw-contact-card">
        <p className="vw-contact-card__label">{t('contact.writeToUs')}</p>
        <a className="vw-contact-card__email" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        <p className="vw-contact-card__hours">{t('contact.hours')}</p>
      </div>

      <div className="vw-topics">
        {TOPICS.map((topic) => (
          <section className="vw-topic" key={topic}>
            <h2>{t(`contact.${topic}Title`)}</h2>
            <p>{t(`contact.${topic}Text`)}</p>
          </section>
        ))}
      </div>

      <section className="vw-static__section">
        <h2>{t('contact.beforeTitle')}</h2>
        <p>
          <Trans
            t={t}
            i18nKey="contact.beforeText"
            components={{
              refund: <Link to="/refund-and-cancellation" />,
              privacy: <Link to="/privacypolicy" />,
            }}
          />
        </p>
      </section>
    </StaticPage>
  );
}
