import type { TotpEnrolment } from '@chitram/contracts/web';
import { type FormEvent, useEffect, useId, useState } from 'react';

/** The otpauth:// link as a QR code, drawn by the `qrcode` package as SVG (loaded only when shown). */
function AuthenticatorQrCode({ link }: { link: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toString }) =>
      toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }).then((drawn) => {
        if (live) setSvg(drawn);
      }),
    );
    return () => {
      live = false;
    };
  }, [link]);
  return svg ? (
    <img
      className="ad-totp__qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code to scan with an authenticator app"
      width={200}
      height={200}
    />
  ) : (
    <div className="ad-totp__qr" role="status">
      Drawing the QR code…
    </div>
  );
}

/**
 * Adding an authenticator app (RFC 6238 TOTP): its QR code and, for typing in, the secret; then its first
 * 6-digit code, which `onCode` sends.
 */
export function EnrolAuthenticator({
  enrolment,
  busy,
  onCode,
}: {
  enrolment: TotpEnrolment;
  busy: boolean;
  onCode(code: string): void;
}) {
  const secretId = useId();
  return (
    <div className="ad-totp">
      <p>Scan this QR code with an authenticator app (such as Google Authenticator or 1Password):</p>
      <AuthenticatorQrCode link={enrolment.otpauthUrl} />
      <p>
        Or type this key into the app: <code id={secretId}>{enrolment.secret}</code>
      </p>
      <CodeForm label="The 6-digit code the app shows" submitLabel="Turn on" busy={busy} onCode={onCode} />
    </div>
  );
}

/** One code: the authenticator's 6 digits (or, with `recovery`, one of the recovery codes). */
export function CodeForm({
  label,
  submitLabel,
  busy,
  onCode,
  pattern = '[0-9]{6}',
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  onCode(code: string): void;
  pattern?: string;
}) {
  const [code, setCode] = useState('');
  const inputId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy && code.trim()) onCode(code.trim());
  }
  return (
    <form className="ad-form" onSubmit={submit}>
      <div className="ad-field">
        <label className="ad-field__label" htmlFor={inputId}>
          {label}
        </label>
        <input
          id={inputId}
          className="ad-field__input"
          name="code"
          autoComplete="one-time-code"
          inputMode={pattern.startsWith('[0-9]') ? 'numeric' : 'text'}
          pattern={pattern}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Checking…' : submitLabel}
      </button>
    </form>
  );
}

/** The ten recovery codes, shown once: each signs in once when the authenticator is lost. */
export function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <div className="ad-totp" role="region" aria-label="Recovery codes">
      <p>
        <strong>Keep these recovery codes somewhere safe.</strong> Each signs you in once if you lose your
        authenticator. They are shown only now.
      </p>
      <ul className="ad-totp__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--primary" onClick={onDone}>
        I have kept them
      </button>
    </div>
  );
}
