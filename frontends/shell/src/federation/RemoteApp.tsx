import { Component, type ComponentType, type ReactNode, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { HostApi, RemoteAppProps } from '@chitram/shell-contract';
import { Spinner } from '../ui/Spinner';
import { BannerPlaceholder, bannerKindAt, preloadedBanner } from './BannerPlaceholder';
import { PageHeading, staticHeadingAt } from './PageHeading';
import { loadRemoteApp, type RemoteName } from './remotes';

// Each remote's application once loaded, with the attempt that loaded it, kept outside React so a
// remount (a guard appearing or going away around the same remote) shows it at once. The attempt
// counter lives here too, so every mount of a remote agrees on it.
const loadedApps = new Map<RemoteName, { attempt: number; App: ComponentType<RemoteAppProps> | null }>();

function currentAttempt(name: RemoteName): number {
  return loadedApps.get(name)?.attempt ?? 0;
}

function loadedApp(name: RemoteName, attempt: number): ComponentType<RemoteAppProps> | null {
  const loaded = loadedApps.get(name);
  return loaded && loaded.attempt === attempt ? loaded.App : null;
}

/** What a visitor sees instead of a part that could not load, with the way to try again. */
function RemoteFailure({ name, onRetry }: { name: RemoteName; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <section className="remote-error" role="alert" aria-labelledby="remote-error-title">
      <div className="remote-error__icon" aria-hidden="true">
        !
      </div>
      <h1 id="remote-error-title" className="remote-error__title">
        {t('remote.title')}
      </h1>
      <p className="remote-error__text">{t(`remote.${name}`)}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('remote.retry')}
      </button>
    </section>
  );
}

interface BoundaryProps {
  name: RemoteName;
  /** The current path: moving elsewhere after a failure tries the remote again. */
  pathname: string;
  onRetry(): void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.error && previous.pathname !== this.props.pathname) this.retry();
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return <RemoteFailure name={this.props.name} onRetry={this.retry} />;
  }
}

/**
 * A remote's application, with a spinner until its code is there. Loaded by an effect and shown by a
 * state update rather than by suspending: React holds back what a Suspense boundary reveals for up
 * to 300 ms after it showed its fallback, and the home page would wait that long for no reason
 * (issue 11). A failure is thrown while rendering, for the error boundary around.
 */
function RemoteContent({ name, attempt, host }: { name: RemoteName; attempt: number; host: HostApi }) {
  const [failure, setFailure] = useState<{ error: Error } | null>(null);
  const [App, setApp] = useState(() => loadedApp(name, attempt));
  useEffect(() => {
    if (App) return undefined;
    let current = true;
    loadedApps.set(name, { attempt, App: null });
    loadRemoteApp(name, attempt).then(
      (module) => {
        loadedApps.set(name, { attempt, App: module.default });
        // The page renders as a transition, which React splits into short tasks (a phone's main
        // thread is not held for the whole page at once; issue 19: Total Blocking Time). The banner
        // placeholder stays until the page is ready to take its place.
        if (current) startTransition(() => setApp(() => module.default));
      },
      (error: unknown) => {
        if (current) setFailure({ error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => {
      current = false;
    };
  }, [name, attempt, App]);
  if (failure) throw failure.error;
  return App ? <App host={host} /> : <Loading />;
}

/**
 * A remote's page while its code loads: the banner it opens with, if the page named one, or the
 * heading the page's own bytes drew (on the path they drew it for), else a spinner.
 */
function Loading() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const kind = bannerKindAt(pathname);
  // Read once: the page's first banner, as its first bytes named it.
  const [picture] = useState(() => (kind ? preloadedBanner(document.head) : null));
  if (kind && picture) return <BannerPlaceholder kind={kind} picture={picture} label={t('app.loading')} />;
  const heading = staticHeadingAt(pathname);
  if (heading) return <PageHeading heading={heading} label={t('app.loading')} />;
  return <Spinner label={t('app.loading')} />;
}

/** Loads a remote application at run time, inside an error boundary with a Retry, never a blank page. */
export function RemoteApp({ name, host }: { name: RemoteName; host: HostApi }) {
  const [attempt, setAttempt] = useState(() => currentAttempt(name));
  const { pathname } = useLocation();
  return (
    <RemoteErrorBoundary name={name} pathname={pathname} onRetry={() => setAttempt(currentAttempt(name) + 1)}>
      {/* A fresh one for each remote and attempt: the routes may hand this one another remote. */}
      <RemoteContent key={`${name}:${attempt}`} name={name} attempt={attempt} host={host} />
    </RemoteErrorBoundary>
  );
}
