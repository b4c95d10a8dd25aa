import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { ChevronDownIcon } from '../ui/icons';
import { linksThatFit, NAV_LINKS } from './header-rules';
import { usePopover } from './use-popover';

/** The space between two links, as .site-nav__links sets it. */
const LINK_GAP_PX = 4;

function isCurrent(to: string, pathname: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * SPEC §2.4's header links, as many as fit beside the search box, the rest under More (issue 11:
 * nothing overlaps at any width, in any language). A hidden copy of the links measures their widths,
 * so a change of width, language or font re-counts them.
 */
export function PriorityNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const area = useRef<HTMLDivElement>(null);
  const ruler = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<number>(NAV_LINKS.length);
  const more = usePopover();

  useLayoutEffect(() => {
    const areaElement = area.current;
    const rulerElement = ruler.current;
    if (!areaElement || !rulerElement) return;
    const count = () => {
      const widths = [...rulerElement.children].map((child) => child.getBoundingClientRect().width);
      const moreWidth = widths.pop() ?? 0;
      setShown(linksThatFit(areaElement.clientWidth, widths, moreWidth, LINK_GAP_PX));
    };
    count();
    const observer = new ResizeObserver(count);
    observer.observe(areaElement);
    observer.observe(rulerElement);
    return () => observer.disconnect();
  }, []);

  const hidden = NAV_LINKS.slice(shown);
  const hiddenCurrent = hidden.some((link) => isCurrent(link.to, pathname));

  return (
    <nav className="site-nav" aria-label={t('nav.label')}>
      <div className="site-nav__area" ref={area}>
        <div className="site-nav__links">
          {NAV_LINKS.slice(0, shown).map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className="nav-link">
              {t(`nav.${link.key}`)}
            </NavLink>
          ))}
          {hidden.length > 0 && (
            <div className="nav-more" ref={more.root}>
              <button
                ref={more.button}
                type="button"
                className={hiddenCurrent ? 'nav-link nav-more__button active' : 'nav-link nav-more__button'}
                aria-expanded={more.open}
                aria-controls="nav-more-panel"
                onClick={more.toggle}
              >
                {t('nav.more')}
                <ChevronDownIcon size={16} />
              </button>
              {more.open && (
                <ul className="popover-panel nav-more__panel" id="nav-more-panel">
                  {hidden.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} end={link.to === '/'} className="popover-panel__item">
                        {t(`nav.${link.key}`)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      </div>
      {/* What each link (and More) would take, measured out of sight and out of the accessibility tree. */}
      <div className="site-nav__ruler" ref={ruler} aria-hidden="true">
        {NAV_LINKS.map((link) => (
          <span key={link.to} className="nav-link">
            {t(`nav.${link.key}`)}
          </span>
        ))}
        <span className="nav-link nav-more__button">
          {t('nav.more')}
          <ChevronDownIcon size={16} />
        </span>
      </div>
    </nav>
  );
}
