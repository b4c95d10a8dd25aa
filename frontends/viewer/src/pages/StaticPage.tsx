import type { ReactNode } from 'react';
import { useDocumentTitle } from '../app/use-document-title';

export const SUPPORT_EMAIL = 'support@chitram.in';

export function SupportEmail() {
  return <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;
}

/** Layout of the static pages of SPEC §2.6: a heading, an optional lead and updated line, then sections. */
export function StaticPage({
  title,
  documentTitle = title,
  eyebrow,
  lead,
  updated,
  children,
}: {
  title: string;
  documentTitle?: string;
  eyebrow?: string;
  lead?: ReactNode;
  updated?: string;
  children: ReactNode;
}) {
  useDocumentTitle(documentTitle);
  return (
    <article className="vw-static">
      <header className="vw-static__header">
        {eyebrow && <p className="vw-eyebrow">{eyebrow}</p>}
        <h1 className="vw-static__title">{title}</h1>
        {lead && <p className="vw-static__lead">{lead}</p>}
        {updated && <p className="vw-static__updated">Last updated: {updated}</p>}
      </header>
      <div className="vw-static__body">{children}</div>
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
