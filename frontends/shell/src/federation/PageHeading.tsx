/** The heading a page's own bytes drew (libs/web-server/page-heading.mjs), as the shell read it. */
export interface PageHeadingWords {
  /** The page it was drawn for: the heading is the remote's for that page only. */
  pathname: string;
  language: string;
  eyebrow: string | null;
  title: string;
}

/** What readStaticHeading needs of the page's root element. */
type Root = Pick<ParentNode, 'querySelector'>;

/**
 * The heading the page's first bytes drew in `root` for `pathname`, or null when they drew none. Read
 * before React first renders into the root, which removes what the page drew there.
 */
export function readStaticHeading(root: Root | null, pathname: string): PageHeadingWords | null {
  const section = root?.querySelector('.page-heading--static');
  const title = section?.querySelector('.page-heading__title')?.textContent ?? '';
  if (!section || title === '') return null;
  return {
    pathname,
    language: section.getAttribute('lang') ?? '',
    eyebrow: section.querySelector('.page-heading__eyebrow')?.textContent || null,
    title,
  };
}

let firstHeading: PageHeadingWords | null = null;

/** Keeps the heading the page opened with (bootstrap.tsx, before the first render). */
export function rememberStaticHeading(root: Root | null, pathname: string): PageHeadingWords | null {
  firstHeading = readStaticHeading(root, pathname);
  return firstHeading;
}

/** The heading the page opened with, if it was drawn for `pathname`. */
export function staticHeadingAt(pathname: string): PageHeadingWords | null {
  const trimmed = (path: string) => path.replace(/\/+$/, '') || '/';
  return firstHeading && trimmed(firstHeading.pathname) === trimmed(pathname) ? firstHeading : null;
}

/**
 * What a page that opened with its heading shows while its remote's code loads, instead of a spinner:
 * the same words in the same box (styles/page-heading.css), so the remote's heading takes their place
 * unmoved. `inPage`: drawn where the page's own bytes drew it, before the shell's layout is there
 * (while the interface's words are still on their way, so without the loading `label`).
 */
export function PageHeading({
  heading,
  label,
  inPage = false,
}: {
  heading: PageHeadingWords;
  label?: string;
  inPage?: boolean;
}) {
  return (
    <section
      className={inPage ? 'page-heading page-heading--static' : 'page-heading'}
      lang={heading.language || undefined}
      {...(label ? { role: 'status', 'aria-live': 'polite' } : {})}
    >
      {heading.eyebrow && (
        <p className="page-heading__eyebrow" aria-hidden="true">
          {heading.eyebrow}
        </p>
      )}
      <p className="page-heading__title" aria-hidden="true">
        {heading.title}
      </p>
      {label && <span className="visually-hidden">{label}</span>}
    </section>
  );
}
