import { useState } from 'react';
import { useApi } from '../app/api';
import { useHost } from '../app/host';
import { ConfirmDialog } from './Dialog';

/**
 * An admin action behind a confirm dialog (SPEC §8 style, focus on Cancel; DECISIONS D15): on confirm it
 * runs, the server's line shows as a toast and `onDone` follows; a failure is shown, never swallowed.
 */
export function useConfirmedAction({
  run,
  text,
  confirmLabel,
  busyLabel,
  onDone,
}: {
  run(): Promise<{ message: string }>;
  text: string;
  confirmLabel: string;
  busyLabel: string;
  onDone(): void;
}) {
  const { problemOf } = useApi();
  const { toast } = useHost();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const { message } = await run();
      setOpen(false);
      toast(message, 'success');
      onDone();
    } catch (error) {
      toast(problemOf(error).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  return {
    ask: () => setOpen(true),
    busy,
    dialog: (
      <ConfirmDialog
        open={open}
        text={text}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    ),
  };
}
