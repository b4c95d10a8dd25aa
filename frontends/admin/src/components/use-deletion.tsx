import { useState } from 'react';
import { useApi } from '../app/api';
import { useHost } from '../app/host';
import { ConfirmDialog } from './Dialog';

/**
 * SPEC §4.7 / §8 deletion: a confirm dialog (focus on Cancel); on confirm, delete, then `onDeleted`
 * (refetch the page) and 'Deleted!'. A failure is shown, never swallowed.
 */
export function useDeletion({
  path,
  text,
  onDeleted,
}: {
  path(id: string): string;
  text: string;
  onDeleted(): void;
}) {
  const { api, problemOf } = useApi();
  const { toast } = useHost();
  const [targetId, setTargetId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!targetId) return;
    setBusy(true);
    try {
      await api.delete(path(targetId));
      setTargetId(null);
      onDeleted();
      toast('Deleted!', 'success');
    } catch (error) {
      toast(problemOf(error).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  return {
    ask: (id: string) => setTargetId(id),
    dialog: (
      <ConfirmDialog
        open={targetId !== null}
        text={text}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setTargetId(null)}
      />
    ),
  };
}
