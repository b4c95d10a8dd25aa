import { useEffect, useId, useRef } from 'react';

/**
 * A modal question with two answers, in place of the browser's `confirm()` (DECISIONS D15). The native
 * <dialog> keeps focus inside and closes on Escape; focus starts on the safe answer.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancel.current?.focus();
    } else if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="vw-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className="vw-dialog__title">
        {title}
      </h2>
      <p id={messageId} className="vw-dialog__message">
        {message}
      </p>
      <div className="vw-dialog__actions">
        <button
          ref={cancel}
          type="button"
          className="button button--ghost"
          onClick={onCancel}
          disabled={busy}
        >
          {cancelLabel}
        </button>
        <button type="button" className="button vw-button--danger" onClick={onConfirm} disabled={busy}>
          {busy && <span className="vw-signin__spinner" aria-hidden="true" />}
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
