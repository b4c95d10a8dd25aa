import { useParams } from 'react-router';
import { languageFromSlug } from '../app/languages';
import { ComingSoon } from './ComingSoon';
import { NotFound } from './NotFound';

/** SPEC §2.11 language page, titled '{Language} Movies'; only the eight languages exist (DECISIONS D27). */
export function LanguagePage() {
  const language = languageFromSlug(useParams().language);
  if (!language) return <NotFound />;
  return (
    <ComingSoon
      title={`${language} Movies`}
      text={`${language} films will be listed here as soon as the catalogue opens.`}
    />
  );
}
