import { useState } from 'react';
import { useApi } from '../app/api';
import { useHost } from '../app/host';
import { endpoints } from './endpoints';
import type { RevealedPhoneNumber } from './types';

/**
 * A viewer's number on their page (issue 19): masked as every list shows it, whole after Reveal, which
 * asks the server for it (the audit trail records who asked). Hide masks it again; the whole number is
 * kept nowhere but in this component while shown.
 */
export function PhoneNumberReveal({ viewerId, masked }: { viewerId: string; masked: string }) {
  const { api, problemOf } = useApi();
  const { toast } = useHost();
  const [whole, setWhole] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function reveal() {
    setBusy(true);
    try {
      const answer = await api.post(endpoints.revealPhoneNumber(viewerId)).json<RevealedPhoneNumber>();
      setWhole(answer.phoneNumber);
    } catch (error) {
      toast(problemOf(error).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="ad-phone">
      <span className="ad-phone__number" data-revealed={whole ? 'true' : 'false'}>
        {whole ?? masked}
      </span>
      {whole ? (
        <button type="button" className="button button--ghost button--small" onClick={() => setWhole(null)}>
          Hide
        </button>
      ) : (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => void reveal()}
          disabled={busy}
          title="Shows the whole number; the audit trail records that you asked"
        >
          {busy ? 'Revealing…' : 'Reveal'}
        </button>
      )}
    </span>
  );
}
