import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Brand({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    // Every language's label keeps the visible name "Chitram" (WCAG 2.5.3, label in name).
    <Link to="/" className="brand" aria-label={t('brand.home')} onClick={onClick}>
      <span className="brand__mark" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor" focusable="false">
          <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.9-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" />
        </svg>
      </span>
      <span className="brand__name">Chitram</span>
    </Link>
  );
}
