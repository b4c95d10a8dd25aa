import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import '../styles/sign-in.css';

/** The frame of both login steps: the title of SPEC §2.7 and the 18+ rule of the terms (DECISIONS D26). */
export function SignInCard({ children }: { children: ReactNode }) {
  const { t } = useViewerTranslation();
  return (
    <section className="vw-signin" aria-labelledby="vw-signin-title">
      <div className="vw-signin__glow" aria-hidden="true" />
      <div className="vw-signin__card">
        <p className="vw-eyebrow">{t('signIn.welcome')}</p>
        <h1 id="vw-signin-title" className="vw-signin__title">
          {t('signIn.title')}
        </h1>
        {children}
        <p className="vw-signin__terms">
          <span className="vw-signin__age" aria-hidden="true">
            18+
          </span>
          <span>
            <Trans
              t={t}
              i18nKey="signIn.terms"
              components={{ terms: <Link to="/tnc" />, privacy: <Link to="/privacypolicy" /> }}
            />
          </span>
        </p>
      </div>
    </section>
  );
}
