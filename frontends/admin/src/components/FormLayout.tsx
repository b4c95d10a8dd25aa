import type { FormEvent, ReactNode, RefObject } from 'react';
import { Link, useNavigate } from 'react-router';

export function FormSection({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`ad-card ${className}`}>
      <h2 className="ad-card__title">{title}</h2>
      <div className="ad-card__body">{children}</div>
    </section>
  );
}

/** The message above a form that could not be sent, and why. */
export function FormAlert({ message }: { message: string }) {
  if (!message) return null;
  return (
    <div className="ad-alert" role="alert">
      {message}
    </div>
  );
}

/** Moves to the first field with a message, so the person sees what to fix. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    const target =
      field.tagName === 'FIELDSET' ? (field.querySelector<HTMLElement>('input') ?? field) : field;
    target.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
  });
}

/** An edit form whose title is still loading, or failed to load (with a way back to its list). */
export function EditTargetPending({
  heading,
  error,
  backTo,
  backLabel,
}: {
  heading: string;
  error: string | null | undefined;
  backTo: string;
  backLabel: string;
}) {
  return (
    <section className="ad-page">
      <header className="ad-page__header">
        <h1 className="ad-page__title">{heading}</h1>
      </header>
      {error ? (
        <div className="ad-table-note ad-table-note--error" role="alert">
          Error: {error}
          <Link className="button button--ghost button--small" to={backTo}>
            {backLabel}
          </Link>
        </div>
      ) : (
        <p className="ad-table-note">Loading...</p>
      )}
    </section>
  );
}

/** A catalogue form page: the way back to its list, the heading, why the last attempt failed, the form. */
export function FormPage({
  heading,
  back,
  error,
  formRef,
  onSubmit,
  children,
  after,
}: {
  heading: string;
  back: { to: string; label: string };
  error: string;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit(event: FormEvent<HTMLFormElement>): Promise<void>;
  children: ReactNode;
  /** What follows the form, such as its saved dialog. */
  after?: ReactNode;
}) {
  return (
    <section className="ad-page ad-page--form">
      <header className="ad-page__header">
        <Link className="ad-crumb" to={back.to}>
          ← {back.label}
        </Link>
        <h1 className="ad-page__title">{heading}</h1>
      </header>
      <FormAlert message={error} />
      <form ref={formRef} className="ad-form-grid" onSubmit={(e) => void onSubmit(e)} noValidate>
        {children}
      </form>
      {after}
    </section>
  );
}

/** A form's submit button and Cancel, which returns to `cancelTo`. */
export function FormActions({
  label,
  disabled,
  cancelTo,
}: {
  label: string;
  disabled: boolean;
  cancelTo: string;
}) {
  const navigate = useNavigate();
  return (
    <div className="ad-form-actions">
      <button type="submit" className="button button--primary" disabled={disabled}>
        {label}
      </button>
      <button type="button" className="button button--ghost" onClick={() => void navigate(cancelTo)}>
        Cancel
      </button>
    </div>
  );
}
