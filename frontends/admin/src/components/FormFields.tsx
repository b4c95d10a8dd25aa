import { type ReactNode, useEffect, useId, useState } from 'react';

function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error)
    return (
      <span id={id} className="ad-field__error" role="alert">
        {error}
      </span>
    );
  return hint ? (
    <span id={id} className="ad-field__hint">
      {hint}
    </span>
  ) : null;
}

/** The field's name; the required mark sits outside the label, so the field is named by its words alone. */
function Label({ text, required, htmlFor }: { text: string; required?: boolean; htmlFor: string }) {
  return (
    <span className="ad-field__head">
      <label className="ad-field__label" htmlFor={htmlFor}>
        {text}
      </label>
      {required && (
        <span className="ad-field__required" aria-hidden="true">
          *
        </span>
      )}
    </span>
  );
}

interface BaseProps {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

export function TextField({
  label,
  name,
  error,
  hint,
  required,
  className = '',
  value,
  onChange,
  type = 'text',
  placeholder,
  inputMode,
  max,
}: BaseProps & {
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'url' | 'date' | 'number';
  placeholder?: string;
  inputMode?: 'numeric' | 'text' | 'url';
  max?: string;
}) {
  const messageId = useId();
  const inputId = useId();
  return (
    <div className={`ad-field ${className}`}>
      <Label text={label} required={required} htmlFor={inputId} />
      <input
        id={inputId}
        className="ad-field__input"
        name={name}
        type={type}
        value={value}
        placeholder={placeholder}
        inputMode={inputMode}
        max={max}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}

export function TextArea({
  label,
  name,
  error,
  hint,
  required,
  className = '',
  value,
  onChange,
  rows = 4,
}: BaseProps & { value: string; onChange(value: string): void; rows?: number }) {
  const messageId = useId();
  const inputId = useId();
  return (
    <div className={`ad-field ${className}`}>
      <Label text={label} required={required} htmlFor={inputId} />
      <textarea
        id={inputId}
        className="ad-field__input ad-field__input--area"
        name={name}
        rows={rows}
        value={value}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}

export function SelectField<T extends string>({
  label,
  name,
  error,
  className = '',
  value,
  options,
  onChange,
  optionLabel = (option) => option,
}: BaseProps & {
  value: T;
  options: readonly T[];
  onChange(value: T): void;
  optionLabel?: (option: T) => string;
}) {
  const messageId = useId();
  const inputId = useId();
  return (
    <div className={`ad-field ${className}`}>
      <Label text={label} htmlFor={inputId} />
      <select
        id={inputId}
        className="ad-field__input ad-field__select"
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
      <FieldMessage id={messageId} error={error} />
    </div>
  );
}

/** A group of checkboxes or radios with one legend and one message. */
export function ChoiceGroup({
  legend,
  error,
  required,
  className = '',
  children,
}: {
  legend: string;
  error?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const messageId = useId();
  return (
    <fieldset
      className={`ad-choices ${className}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? messageId : undefined}
    >
      <legend className="ad-field__label">
        {legend}
        {required && (
          <span className="ad-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className="ad-choices__options">{children}</div>
      <FieldMessage id={messageId} error={error} />
    </fieldset>
  );
}

/** A local preview address for a chosen file, released when the file changes or the form closes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function isVideo(file: File | null, url: string | null | undefined): boolean {
  if (file) return file.type.startsWith('video/');
  return /\.(mp4|webm)(?:[?#].*)?$/i.test(url ?? '');
}

/** SPEC §2.13 file picker with a preview of the chosen file, or of the picture the title already has. */
export function FilePicker({
  label,
  name,
  accept,
  file,
  currentUrl,
  onChange,
  error,
  required,
  hint,
  aspect = '16 / 9',
  preview = true,
}: BaseProps & {
  accept: string;
  file: File | null;
  currentUrl?: string | null;
  onChange(file: File | null): void;
  aspect?: string;
  /** False for a picker among many (an episode row's video): the file's name is shown, not the file. */
  preview?: boolean;
}) {
  const messageId = useId();
  const chosenUrl = useObjectUrl(file);
  const previewUrl = chosenUrl ?? currentUrl ?? null;
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const video = isVideo(file, previewUrl);

  return (
    <div className={`ad-file ${error ? 'ad-file--invalid' : ''}`}>
      <span className="ad-field__label">
        {label}
        {required && (
          <span className="ad-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      {preview && (
        <div className="ad-file__preview" style={{ aspectRatio: aspect }}>
          {previewUrl && brokenUrl !== previewUrl ? (
            video ? (
              <video src={previewUrl} muted loop autoPlay playsInline aria-label={`${label} preview`} />
            ) : (
              <img
                src={previewUrl}
                alt={`${label} preview`}
                width={320}
                height={180}
                decoding="async"
                onError={() => setBrokenUrl(previewUrl)}
              />
            )
          ) : (
            <span className="ad-file__empty">{previewUrl ? 'Preview unavailable' : 'No file chosen'}</span>
          )}
        </div>
      )}
      <label className="ad-file__pick">
        <input
          type="file"
          name={name}
          accept={accept}
          className="visually-hidden"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
        <span className="button button--ghost button--small" aria-hidden="true">
          {file || currentUrl ? 'Replace' : 'Choose file'}
        </span>
        <span className="ad-file__name">
          {file ? file.name : currentUrl ? 'Current file kept' : preview ? '' : 'No file chosen'}
        </span>
      </label>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
