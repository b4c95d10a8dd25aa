import { LANGUAGES, type LanguageName } from '../app/languages';

/** Chooses the language the catalogue is shown in; null is every language. */
export function LanguageSwitcher({
  value,
  onChange,
}: {
  value: LanguageName | null;
  onChange(language: LanguageName | null): void;
}) {
  const options: Array<{ name: LanguageName | null; label: string; native?: string }> = [
    { name: null, label: 'All languages' },
    ...LANGUAGES.map((l) => ({ name: l.name, label: l.name, native: l.native })),
  ];
  return (
    <div className="vw-switcher" role="group" aria-label="Language">
      {options.map((option) => (
        <button
          key={option.label}
          type="button"
          className="vw-switcher__option"
          aria-pressed={value === option.name}
          onClick={() => onChange(option.name)}
        >
          {option.label}
          {option.native && option.native !== option.label && (
            <span className="vw-switcher__native" lang="" aria-hidden="true">
              {option.native}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
