import { LANGUAGES, type LanguageName } from '../app/languages';
import { useViewerTranslation } from '../i18n/use-viewer-translation';

/**
 * Chooses the language the catalogue is shown in (the content, not the interface); null is every
 * language. Each option is named in the interface language, with its own script beside it.
 */
export function LanguageSwitcher({
  value,
  onChange,
}: {
  value: LanguageName | null;
  onChange(language: LanguageName | null): void;
}) {
  const { t } = useViewerTranslation();
  const options: Array<{ name: LanguageName | null; label: string; native?: string; lang?: string }> = [
    { name: null, label: t('switcher.allLanguages') },
    ...LANGUAGES.map((l) => ({
      name: l.name,
      label: t(`languages.${l.name}`),
      native: l.native,
      lang: l.code,
    })),
  ];
  return (
    <div className="vw-switcher" role="group" aria-label={t('switcher.language')}>
      {options.map((option) => (
        <button
          key={option.name ?? 'all'}
          type="button"
          className="vw-switcher__option"
          aria-pressed={value === option.name}
          onClick={() => onChange(option.name)}
        >
          {option.label}
          {option.native && option.native !== option.label && (
            <span className="vw-switcher__native" lang={option.lang} aria-hidden="true">
              {option.native}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
