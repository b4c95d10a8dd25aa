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
 * An `englishOnly` page (issue 11) has its heading translated and a note that the page is in English;
 * its text is marked English. A `translated` page (the policies) is in the interface language, with a
 * note that the English text applies where a translation differs.
 */
export function StaticPage({
  title,
  englishOnly = false,
  translated = false,
  eyebrow,
  lead,
  updated,
  children,
}: {
  title: string;
  englishOnly?: boolean;
  translated?: boolean;
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
        {translated && i18n.language !== 'en' && (
          <p className="vw-static__notice" role="note">
            {t('static.translationNote')}
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
