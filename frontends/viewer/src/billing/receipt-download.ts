import type { KyInstance } from 'ky';
import { downloadName } from './billing-rules';

/** Fetches a receipt's PDF with the viewer's token and hands it to the browser as a download. */
export function downloadReceipt(api: KyInstance, receiptId: string, number: string): Promise<void> {
  return downloadPdf(
    api,
    `user/receipts/${receiptId}/pdf`,
    `chitram-receipt-${number.replace(/\//g, '-')}.pdf`,
  );
}

/** A credit note's PDF (D39), the same way. */
export function downloadCreditNote(api: KyInstance, creditNoteId: string, number: string): Promise<void> {
  return downloadPdf(
    api,
    `user/credit-notes/${creditNoteId}/pdf`,
    `chitram-credit-note-${number.replace(/\//g, '-')}.pdf`,
  );
}

async function downloadPdf(api: KyInstance, path: string, fallbackName: string): Promise<void> {
  const response = await api.get(path);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
