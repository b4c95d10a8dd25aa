import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { Section, StaticPage, SupportEmail } from './StaticPage';

/** A section of a policy as its catalogue holds it: a heading, then a paragraph, a list, or both. */
interface LegalSection {
  title: string;
  body?: string;
  items?: Record<string, string>;
  /** A paragraph after the list. */
  after?: string;
}

interface LegalText {
  eyebrow: string;
  lead: string;
  sections: Record<string, LegalSection>;
}

export type LegalPageName = 'terms' | 'privacy' | 'refund';

/** What the policies' wordings may wrap: <strong>…</strong>, <email/> and <refund>…</refund>. */
const MARKUP = {
  strong: <strong />,
  email: <SupportEmail />,
  refund: <Link to="/refund-and-cancellation" />,
};

/** Last change of the policies' text (SPEC §2.6). */
const UPDATED = '2025-11-01';

/**
 * The policies (SPEC §2.6) in the interface language (issue 11): their text lives in the viewer's
 * catalogues under `legal.<page>`, sections in order; Bhojpuri reads Hindi's.
 */
export function LegalPage({ page, title }: { page: LegalPageName; title: string }) {
  const { t } = useViewerTranslation();
  const text = t(`legal.${page}`, { returnObjects: true }) as unknown as LegalText;
  const marked = (key: string) => <Trans t={t} i18nKey={key as never} components={MARKUP} />;
  return (
    <StaticPage title={title} translated eyebrow={text.eyebrow} updated={UPDATED} lead={text.lead}>
      {Object.entries(text.sections).map(([id, section]) => {
        const key = `legal.${page}.sections.${id}`;
        return (
          <Section key={id} title={section.title}>
            {section.body && <p>{marked(`${key}.body`)}</p>}
            {section.items && (
              <ul>
                {Object.keys(section.items).map((item) => (
                  <li key={item}>{marked(`${key}.items.${item}`)}</li>
                ))}
              </ul>
            )}
            {section.after && <p>{marked(`${key}.after`)}</p>}
          </Section>
        );
      })}
    </StaticPage>
  );
}
