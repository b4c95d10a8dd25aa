import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerRemotesFromManifest } from './federation/remotes';
import { restoreSession } from './session/session-store';
import './styles/shell.css';

restoreSession();
// Registering early lets the first remote start loading at once; a failure here is shown (with a
// Retry) by the remote's error boundary, which asks for the manifest again.
registerRemotesFromManifest().catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
