import type { ReactNode } from 'react';
import { useDocumentTitle } from '../app/use-document-title';
import { useFormats } from '../i18n/use-formats';
import { useViewerTranslation } from '../i18n/use-viewer-translation';

export const SUPPORT_EMAIL = 'support@chitram.in';

export function SupportEmail() {
  return <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;
}

/**
 * Layout of the static pages of SPEC §2.6: a heading, an optional lead and updated line, then sections.
 * The policies are `englishOnly` (issue 11): in another interface language the heading is translated
 * and a note says the English text is the one that applies; the text itself is marked English.
 */
export function StaticPage({
  title,
  englishOnly = false,
  eyebrow,
  lead,
  updated,
  children,
}: {
  title: string;
  englishOnly?: boolean;
  eyebrow?: string;
  lead?: ReactNode;
  /** YYYY-MM-DD. */
  updated?: string;
  children: ReactNode;
}) {
  const { t, i18n } = useViewerTranslation();
  const { longDate } = useFormats();
  useDocumentTitle(title);
  const inAnotherLanguage = englishOnly && i18n.language !== 'en';
  const textLang = englishOnly ? 'en' : undefined;
  return (
    <article className="vw-static">
      <header className="vw-static__header">
        {eyebrow && !inAnotherLanguage && <p className="vw-eyebrow">{eyebrow}</p>}
        <h1 className="vw-static__title">{title}</h1>
        {inAnotherLanguage && (
          <p className="vw-static__notice" role="note">
            {t('static.englishOnly')}
          </p>
        )}
        {lead && (
          <p className="vw-static__lead" lang={textLang}>
            {lead}
          </p>
        )}
        {updated && (
          <p className="vw-static__updated">{t('static.lastUpdated', { date: longDate(updated) })}</p>
        )}
      </header>
      <div className="vw-static__body" lang={textLang}>
        {children}
      </div>
    </article>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="vw-static__section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
