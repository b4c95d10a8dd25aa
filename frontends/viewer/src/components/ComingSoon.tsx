import { useViewerTranslation } from '../i18n/use-viewer-translation';

/** A clock: the mark of a title that has nothing to play yet. */
function ClockIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7.5V12l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Where Play would be on a title that has nothing to play yet (issue 19): "Coming soon", not a control.
 * `badge` is the small form on a poster or in a list of episodes.
 */
export function ComingSoon({ badge = false, className = '' }: { badge?: boolean; className?: string }) {
  const { t } = useViewerTranslation();
  if (badge)
    return (
      <span className={`vw-badge vw-badge--soon ${className}`} data-testid="coming-soon">
        {t('comingSoon.label')}
      </span>
    );
  return (
    <span className={`vw-coming-soon ${className}`} data-testid="coming-soon" title={t('comingSoon.note')}>
      <ClockIcon />
      {t('comingSoon.label')}
    </span>
  );
}
