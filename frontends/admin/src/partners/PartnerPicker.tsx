import { useId } from 'react';
import type { useTitlePartner } from './use-title-partner';

/** The content partner of a movie or show (the spec's Vendor), chosen from the partners' names. */
export function PartnerPicker({
  picker,
  hint = 'Whose title this is, for the revenue share',
}: {
  picker: ReturnType<typeof useTitlePartner>;
  hint?: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="ad-field">
      <span className="ad-field__head">
        <label className="ad-field__label" htmlFor={id}>
          Content partner
        </label>
      </span>
      <select
        id={id}
        className="ad-field__input ad-field__select"
        name="partner"
        value={picker.value}
        disabled={picker.names === null}
        aria-describedby={hintId}
        onChange={(e) => picker.choose(e.target.value)}
      >
        <option value="">{picker.names === null ? 'Loading…' : 'No partner'}</option>
        {picker.names?.map((partner) => (
          <option key={partner._id} value={partner._id}>
            {partner.name}
          </option>
        ))}
      </select>
      {picker.error ? (
        <span id={hintId} className="ad-field__error" role="alert">
          {picker.error}
        </span>
      ) : (
        <span id={hintId} className="ad-field__hint">
          {hint}
        </span>
      )}
    </div>
  );
}
