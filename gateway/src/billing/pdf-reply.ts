import type { ReceiptPdf } from '@chitram/contracts';
import type { FastifyReply } from 'fastify';

/** A billing document (tax invoice, credit note) answered as a PDF download. */
export function sendPdf(reply: FastifyReply, { fileName, pdf }: ReceiptPdf): Buffer {
  void reply.header('content-type', 'application/pdf');
  void reply.header('content-disposition', `attachment; filename="${fileName}"`);
  return Buffer.from(pdf, 'base64');
}
