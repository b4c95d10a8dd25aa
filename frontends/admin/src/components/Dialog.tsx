import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A modal dialog on the native <dialog> element (focus kept inside, Escape closes), for the
 * confirmations and results of DECISIONS D15 (never the browser's alert or confirm).
 */
function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  tone,
  children,
}: {
  open: boolean;
  onClose(): void;
  labelledBy: string;
  describedBy: string;
  tone: 'danger' | 'success' | 'info';
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus runs before the dialog opens; the button that should start with focus gets it now.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`ad-dialog ad-dialog--${tone}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && children}
    </dialog>
  );
}

function DialogIcon({ tone }: { tone: 'danger' | 'success' | 'info' }) {
  return (
    <span className="ad-dialog__icon" aria-hidden="true">
      {tone === 'success' ? '✓' : tone === 'danger' ? '!' : 'i'}
    </span>
  );
}

/** SPEC §8 delete confirmation: title, text, a confirm button and Cancel, with focus on Cancel. */
export function ConfirmDialog({
  open,
  title = 'Are you sure?',
  text,
  confirmLabel = 'Yes, delete it!',
  busyLabel = 'Deleting…',
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title?: string;
  text: string;
  confirmLabel?: string;
  /** What the confirm button says while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      labelledBy="ad-confirm-title"
      describedBy="ad-confirm-text"
      tone="danger"
    >
      <DialogIcon tone="danger" />
      <h2 id="ad-confirm-title" className="ad-dialog__title">
        {title}
      </h2>
      <p id="ad-confirm-text" className="ad-dialog__text">
        {text}
      </p>
      <div className="ad-dialog__actions">
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} data-autofocus>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

/** A result to acknowledge ('Movie uploaded successfully!', 'Updated!'), closed with OK. */
export function MessageDialog({
  open,
  title,
  text,
  tone = 'success',
  onClose,
}: {
  open: boolean;
  title: string;
  text?: string;
  tone?: 'success' | 'danger' | 'info';
  onClose(): void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy="ad-message-title"
      describedBy="ad-message-text"
      tone={tone}
    >
      <DialogIcon tone={tone} />
      <h2 id="ad-message-title" className="ad-dialog__title">
        {title}
      </h2>
      <p id="ad-message-text" className="ad-dialog__text">
        {text}
      </p>
      <div className="ad-dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          OK
        </button>
      </div>
    </Modal>
  );
}

/** A small form in a dialog (a refund, D39): its title, a line of text, the fields, and the form's own buttons. */
export function FormDialog({
  open,
  title,
  text,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  text: string;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy="ad-form-dialog-title"
      describedBy="ad-form-dialog-text"
      tone="info"
    >
      <h2 id="ad-form-dialog-title" className="ad-dialog__title">
        {title}
      </h2>
      <p id="ad-form-dialog-text" className="ad-dialog__text">
        {text}
      </p>
      {children}
    </Modal>
  );
}
