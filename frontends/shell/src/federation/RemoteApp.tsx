import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { HostApi, RemoteAppProps } from '../contract';
import { Spinner } from '../ui/Spinner';
import { loadRemoteApp, type RemoteName } from './remotes';

// One lazy component per remote and attempt, kept outside React so a remount (a guard appearing or
// going away around the same remote) does not suspend again for a module that is already loaded.
const lazyApps = new Map<RemoteName, { attempt: number; App: ComponentType<RemoteAppProps> }>();

function lazyApp(name: RemoteName, attempt: number): ComponentType<RemoteAppProps> {
  const cached = lazyApps.get(name);
  if (cached && cached.attempt === attempt) return cached.App;
  const App = lazy(() => loadRemoteApp(name, attempt));
  lazyApps.set(name, { attempt, App });
  return App;
}

// The attempt counter lives beside the cache so every mount of a remote agrees on it.
function currentAttempt(name: RemoteName): number {
  return lazyApps.get(name)?.attempt ?? 0;
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

/** Loads a remote application at run time, inside an error boundary with a Retry, never a blank page. */
export function RemoteApp({ name, host }: { name: RemoteName; host: HostApi }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(() => currentAttempt(name));
  const { pathname } = useLocation();
  const App = lazyApp(name, attempt);
  return (
    <RemoteErrorBoundary name={name} pathname={pathname} onRetry={() => setAttempt(currentAttempt(name) + 1)}>
      <Suspense fallback={<Spinner label={t('app.loading')} />}>
        <App host={host} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
