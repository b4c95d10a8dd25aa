import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../i18n/account-language';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '../i18n/languages';
import { GlobeIcon } from '../ui/icons';
import { usePopover } from './use-popover';

/**
 * The interface language (issue 11), apart from the catalogue's content-language filter: each language
 * named in its own script, remembered on this device and, for a signed-in viewer, on their account.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const { open, toggle, close, root, button } = usePopover();
  const current = INTERFACE_LANGUAGES.find((l) => l.code === i18n.language) ?? INTERFACE_LANGUAGES[0];

  function choose(language: InterfaceLanguage) {
    close();
    button.current?.focus();
    void chooseLanguage(language);
  }

  return (
    <div className="language-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="language-menu__button"
        aria-expanded={open}
        aria-controls="language-panel"
        onClick={toggle}
      >
        <GlobeIcon size={18} />
        <span className="visually-hidden">{t('interfaceLanguage.label')}: </span>
        <span className="language-menu__current" lang={current.code}>
          {current.native}
        </span>
      </button>
      {open && (
        <ul
          className="popover-panel language-menu__panel"
          id="language-panel"
          aria-label={t('interfaceLanguage.label')}
        >
          {INTERFACE_LANGUAGES.map((language) => (
            <li key={language.code}>
              <button
                type="button"
                className="popover-panel__item"
                lang={language.code}
                aria-pressed={language.code === current.code}
                onClick={() => choose(language.code)}
              >
                {language.native}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
