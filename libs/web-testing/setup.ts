// Component tests (jsdom): a clean screen after each test, and the layout and <dialog> methods jsdom lacks.
import { cleanup, configure } from '@testing-library/react';

if (typeof window !== 'undefined') {
  afterEach(cleanup);
  // Typing as a person does, key by key, takes seconds on a busy machine: more than jest's 5 s default.
  jest.setTimeout(30_000);
  // For the same reason, `findBy…` and `waitFor` look for up to 5 s, not 1 s (a form's answer on a loaded
  // machine came after the default: a flaky MovieFormPage spec).
  configure({ asyncUtilTimeout: 5000 });
  // jsdom lays nothing out: scrolling into view has nowhere to go.
  window.Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  // jsdom makes no object URLs (a chosen file's preview): each file gets an address of its own.
  let objectUrls = 0;
  window.URL.createObjectURL ??= () => `blob:http://chitram.test/${++objectUrls}`;
  window.URL.revokeObjectURL ??= () => undefined;
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
