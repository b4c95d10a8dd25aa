import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../ui/icons';
import { searchPath } from './header-rules';

/** SPEC §2.4: Enter or the icon searches the trimmed term and clears the box; a blank term does nothing. */
export function SearchBox() {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = searchPath(term);
    if (!target) return;
    setTerm('');
    void navigate(target);
  }

  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <input
        className="search-box__input"
        type="search"
        name="q"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button className="search-box__button" type="submit" aria-label={t('search.submit')}>
        <SearchIcon size={18} />
      </button>
    </form>
  );
}
