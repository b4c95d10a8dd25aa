import { GST_STATES } from '@chitram/contracts/web';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useViewerTranslation } from '../i18n/use-viewer-translation';
import '../styles/sign-in.css';

/** A select of the 28 states and 8 union territories, by GST state code (D32). Names as GST records write them. */
export function StateSelect({
  id,
  value,
  onChange,
  disabled = false,
}: {
  id: string;
  value: string;
  onChange(code: string): void;
  disabled?: boolean;
}) {
  const { t } = useViewerTranslation();
  const groups = [
    { label: t('gstState.states'), kind: 'state' },
    { label: t('gstState.territories'), kind: 'union-territory' },
  ] as const;
  return (
    <select
      id={id}
      className="vw-state-select"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      required
    >
      <option value="" disabled>
        {t('gstState.choose')}
      </option>
      {groups.map((group) => (
        <optgroup key={group.kind} label={group.label}>
          {GST_STATES.filter((s) => s.kind === group.kind).map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

/**
 * The first checkout's question (D32): the viewer's state or union territory, the place of supply of
 * their tax invoices. Asked once; the profile page changes it later.
 */
export function StateDialog({
  open,
  onChosen,
  onCancel,
}: {
  open: boolean;
  onChosen(code: string): void;
  onCancel(): void;
}) {
  const { t } = useViewerTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [code, setCode] = useState('');
  const titleId = useId();
  const selectId = useId();
  const whyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (code) onChosen(code);
  }

  return (
    <dialog
      ref={dialog}
      className="vw-dialog"
      aria-labelledby={titleId}
      aria-describedby={whyId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form onSubmit={submit}>
        <h2 id={titleId} className="vw-dialog__title">
          {t('gstState.dialogTitle')}
        </h2>
        <p id={whyId} className="vw-dialog__message">
          {t('gstState.why')}
        </p>
        <label className="vw-state-field" htmlFor={selectId}>
          <span>{t('gstState.label')}</span>
          <StateSelect id={selectId} value={code} onChange={setCode} />
        </label>
        <div className="vw-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={!code}>
            {t('gstState.continue')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
