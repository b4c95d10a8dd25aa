import { Link } from 'react-router';
import { AppleIcon, FacebookIcon, InstagramIcon, PlayStoreIcon, XIcon, YouTubeIcon } from '../ui/icons';
import { Brand } from './Brand';

export const SUPPORT_EMAIL = 'support@chitram.in';

const POLICY_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/privacypolicy', label: 'Privacy Policy' },
  { to: '/tnc', label: 'Terms and Conditions' },
  { to: '/refund-and-cancellation', label: 'Refund and Cancellation Policy' },
  { to: '/contact', label: 'Contact Us' },
] as const;

const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/chitram', label: 'Chitram on Facebook', Icon: FacebookIcon },
  { href: 'https://www.instagram.com/chitram', label: 'Chitram on Instagram', Icon: InstagramIcon },
  { href: 'https://x.com/chitram', label: 'Chitram on X', Icon: XIcon },
  { href: 'https://www.youtube.com/@chitram', label: 'Chitram on YouTube', Icon: YouTubeIcon },
] as const;

/** SPEC §2.5. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <Brand />
          <p className="site-footer__tagline">
            Films and series in English, Hindi, Tamil, Telugu, Malayalam, Bhojpuri, Kannada and Bengali.
          </p>
          <p className="site-footer__contact">
            Questions? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        </div>

        <nav className="site-footer__links" aria-label="Policies">
          <h2 className="site-footer__heading">Chitram</h2>
          <ul>
            {POLICY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-footer__apps">
          <h2 className="site-footer__heading">Watch anywhere</h2>
          <div className="store-badges">
            <a
              className="store-badge"
              href="https://play.google.com/store"
              aria-label="Get Chitram on Google Play"
            >
              <PlayStoreIcon size={22} />
              <span>
                <small>GET IT ON</small>
                <strong>Google Play</strong>
              </span>
            </a>
            <a
              className="store-badge"
              href="https://www.apple.com/app-store/"
              aria-label="Download Chitram on the App Store"
            >
              <AppleIcon size={22} />
              <span>
                <small>Download on the</small>
                <strong>App Store</strong>
              </span>
            </a>
          </div>
          <ul className="social-links">
            {SOCIAL_LINKS.map(({ href, label, Icon }) => (
              <li key={href}>
                <a href={href} aria-label={label} target="_blank" rel="noreferrer noopener">
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="site-footer__copyright">© 2025 Chitram. All rights reserved.</p>
    </footer>
  );
}
