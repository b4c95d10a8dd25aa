import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppleIcon, FacebookIcon, InstagramIcon, PlayStoreIcon, XIcon, YouTubeIcon } from '../ui/icons';
import { Brand } from './Brand';

export const SUPPORT_EMAIL = 'support@chitram.in';

const POLICY_LINKS = [
  { to: '/about', key: 'about' },
  { to: '/privacypolicy', key: 'privacy' },
  { to: '/tnc', key: 'terms' },
  { to: '/refund-and-cancellation', key: 'refund' },
  { to: '/contact', key: 'contactUs' },
] as const;

const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/chitram', key: 'onFacebook', Icon: FacebookIcon },
  { href: 'https://www.instagram.com/chitram', key: 'onInstagram', Icon: InstagramIcon },
  { href: 'https://x.com/chitram', key: 'onX', Icon: XIcon },
  { href: 'https://www.youtube.com/@chitram', key: 'onYouTube', Icon: YouTubeIcon },
] as const;

/** SPEC §2.5. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <Brand />
          <p className="site-footer__tagline">{t('footer.tagline')}</p>
          <p className="site-footer__contact">
            <Trans
              i18nKey="footer.contact"
              values={{ email: SUPPORT_EMAIL }}
              components={{ mail: <a href={`mailto:${SUPPORT_EMAIL}`} /> }}
            />
          </p>
        </div>

        <nav className="site-footer__links" aria-label={t('footer.policies')}>
          <h2 className="site-footer__heading">Chitram</h2>
          <ul>
            {POLICY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(`footer.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-footer__apps">
          <h2 className="site-footer__heading">{t('footer.watchAnywhere')}</h2>
          <div className="store-badges">
            {/* The badges' own words name them (no separate label to drift from what is seen). */}
            <a className="store-badge" href="https://play.google.com/store">
              <PlayStoreIcon size={22} />
              <span>
                <small>{t('footer.getItOn')}</small>
                <strong>Google Play</strong>
              </span>
            </a>
            <a className="store-badge" href="https://www.apple.com/app-store/">
              <AppleIcon size={22} />
              <span>
                <small>{t('footer.downloadOnThe')}</small>
                <strong>App Store</strong>
              </span>
            </a>
          </div>
          <ul className="social-links">
            {SOCIAL_LINKS.map(({ href, key, Icon }) => (
              <li key={href}>
                <a href={href} aria-label={t(`footer.${key}`)} target="_blank" rel="noreferrer noopener">
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="site-footer__copyright">{t('footer.copyright')}</p>
    </footer>
  );
}
