import { useEffect } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';

let navigate: NavigateFunction | null = null;

/** Lends the router's navigate to code outside React (the API client ending a session). */
export function NavigationBridge(): null {
  const routerNavigate = useNavigate();
  useEffect(() => {
    navigate = routerNavigate;
    return () => {
      if (navigate === routerNavigate) navigate = null;
    };
  }, [routerNavigate]);
  return null;
}

/** Goes to `path` inside the app, replacing the current entry; a full page load if the router is not up. */
export function goTo(path: string): void {
  if (navigate) void navigate(path, { replace: true });
  else window.location.replace(path);
}
