// Component tests (jsdom): DOM matchers, a clean screen after each test, and the <dialog> methods jsdom lacks.
import { cleanup } from '@testing-library/react';

if (typeof window !== 'undefined') {
  afterEach(cleanup);
  // jsdom has <dialog> but not its modal methods; these keep `open` as a browser does.
  const dialog = window.HTMLDialogElement?.prototype;
  if (dialog && !dialog.showModal) {
    dialog.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    dialog.close = function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  }
}
