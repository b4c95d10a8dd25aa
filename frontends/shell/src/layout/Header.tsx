import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { CloseIcon, MenuIcon } from '../ui/icons';
import { Brand } from './Brand';
import { NAV_LINKS, SOLID_HEADER_AFTER_PX } from './header-rules';
import { HeaderActions } from './HeaderActions';
import { LanguageMenu } from './LanguageMenu';
import { PlanEndingBanner } from './PlanEndingBanner';
import { PriorityNav } from './PriorityNav';
import { SearchBox } from './SearchBox';

function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(() => window.scrollY > threshold);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

/** SPEC §2.4: fixed header, transparent at the top and solid once scrolled past 10 px. */
export function Header() {
  const { t } = useTranslation();
  const solid = useScrolledPast(SOLID_HEADER_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.body.classList.add('no-scroll');
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.classList.remove('no-scroll');
    };
  }, [menuOpen]);

  const close = () => setMenuOpen(false);

  return (
    <>
      <header className="site-header" data-solid={solid ? 'true' : 'false'}>
        <div className="site-header__inner">
          <button
            type="button"
            className="icon-button site-header__menu"
            aria-label={t('nav.menu')}
            aria-expanded={menuOpen}
            aria-controls="site-drawer"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
          <Brand />
          <PriorityNav />
          <div className="site-header__search">
            <SearchBox />
          </div>
          <LanguageMenu />
          <HeaderActions />
        </div>
        <PlanEndingBanner />
      </header>

      <div className="drawer" data-open={menuOpen ? 'true' : 'false'} inert={!menuOpen}>
        <div className="drawer__backdrop" onClick={close} aria-hidden="true" />
        <aside className="drawer__panel" id="site-drawer" aria-label={t('nav.menu')}>
          <div className="drawer__top">
            <Brand onClick={close} />
            <button type="button" className="icon-button" aria-label={t('nav.closeMenu')} onClick={close}>
              <CloseIcon />
            </button>
          </div>
          <nav className="drawer__nav" aria-label={t('nav.menuLinks')}>
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.to === '/'} className="nav-link" onClick={close}>
                {t(`nav.${link.key}`)}
              </NavLink>
            ))}
          </nav>
          <HeaderActions compact />
        </aside>
      </div>
    </>
  );
}
