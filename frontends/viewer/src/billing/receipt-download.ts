import type { KyInstance } from 'ky';
import { downloadName } from './billing-rules';

/** Fetches a receipt's PDF with the viewer's token and hands it to the browser as a download. */
export async function downloadReceipt(api: KyInstance, receiptId: string, number: string): Promise<void> {
  const response = await api.get(`user/receipts/${receiptId}/pdf`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(
    response.headers.get('content-disposition'),
    `chitram-receipt-${number.replace(/\//g, '-')}.pdf`,
  );
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
