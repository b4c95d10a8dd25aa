import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** SPEC §2.3: every path change starts at the top of the page. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
