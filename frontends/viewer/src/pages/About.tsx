import { Link } from 'react-router';
import { LANGUAGES } from '../app/languages';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import { StaticPage } from './StaticPage';

const PILLARS = [
  {
    title: 'Multi-language content',
    body: (
      <>
        <p>
          India tells its stories in many voices, and Chitram carries eight of them: English, Hindi, Tamil,
          Telugu, Malayalam, Bhojpuri, Kannada and Bengali. Every film and series is catalogued by its
          language, so a viewer in Kochi can go straight to new Malayalam releases while her parents in Patna
          browse Bhojpuri favourites.
        </p>
        <p>
          Alongside feature films we publish series that you will not find everywhere: political series that
          follow the people and debates shaping the country, health and fitness programmes led by
          practitioners, and educational series that make a subject clear in short, watchable episodes.
        </p>
      </>
    ),
  },
  {
    title: 'Personalization',
    body: (
      <>
        <p>
          Chitram learns what you enjoy from what you watch, not from what you type. Your home page groups
          titles by genre in the language you choose, and the more you watch, the better it gets at putting
          the right film in front of you: a thriller after a thriller, a devotional classic on a festival
          morning.
        </p>
        <p>
          Search works across titles, cast and languages, and you can always pick up where you left off. We
          never sell your viewing history; it stays with us and is deleted with your account.
        </p>
      </>
    ),
  },
  {
    title: 'An access platform for every screen',
    body: (
      <>
        <p>
          Sign in with your mobile number and a one-time code: no passwords to remember. Choose a prepaid plan
          that fits how you watch, from a phone-only Basic plan in HD to a Gold plan in Ultra HD 4K on your
          phone, computer, tablet and smart TV.
        </p>
        <p>
          Plans never renew on their own, prices are in rupees and include everything you see at checkout, and
          the picture adapts to your connection so a film keeps playing on a train as well as on home
          broadband.
        </p>
      </>
    ),
  },
];

export function About() {
  const { t } = useViewerTranslation();
  return (
    <StaticPage
      title={t('static.about')}
      englishOnly
      eyebrow="Who we are"
      lead="Chitram is a regional video-streaming service made in India, for viewers who want great films and series in the language they dream in."
    >
      <div className="vw-pillars">
        {PILLARS.map((pillar, index) => (
          <section className="vw-pillar" key={pillar.title}>
            <span className="vw-pillar__number" aria-hidden="true">
              0{index + 1}
            </span>
            <h2>{pillar.title}</h2>
            {pillar.body}
          </section>
        ))}
      </div>

      <section className="vw-static__section">
        <h2>Our languages</h2>
        <ul className="vw-language-chips">
          {LANGUAGES.map((language) => (
            <li key={language.name}>
              <Link className="vw-chip" to={`/languages/${language.name}`}>
                {language.name}
                {language.native !== language.name && (
                  <span className="vw-chip__native" lang={language.code} aria-hidden="true">
                    {language.native}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="vw-static__section">
        <h2>Where we are</h2>
        <p>
          Chitram is built and run from Hyderabad, Telangana. We work with independent producers and regional
          studios, and we are always glad to hear from film-makers: see <Link to="/contact">Contact Us</Link>.
        </p>
      </section>
    </StaticPage>
  );
}
