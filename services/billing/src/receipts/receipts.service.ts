import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  gstState,
  type ReceiptPdf,
  type ReceiptView,
  type SellerDetails,
} from '@chitram/contracts';
import { BillingConfig } from '../config';
import { receiptFileName, renderReceiptPdf } from './receipt-pdf';
import { ReceiptsRepository } from './receipts.repository';

/** Receipts, GST tax invoices (DECISIONS D18, D32): the viewer's own, as figures and as a PDF. */
@Injectable()
export class ReceiptsService {
  /** The supplier as invoices and credit notes name it (D32). */
  readonly seller: SellerDetails;

  constructor(
    private readonly receipts: ReceiptsRepository,
    config: BillingConfig,
  ) {
    this.seller = {
      name: config.SELLER_NAME,
      address: config.SELLER_ADDRESS,
      gstin: config.SELLER_GSTIN,
      email: config.SELLER_EMAIL,
      // Validated against the list when the configuration was loaded.
      state: gstState(config.SELLER_STATE_CODE)!,
    };
  }

  async get(viewerId: string, receiptId: string): Promise<ReceiptView> {
    const receipt = await this.receipts.forViewer(viewerId, receiptId, this.seller);
    if (!receipt) throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such receipt.');
    return receipt;
  }

  async pdf(viewerId: string, receiptId: string): Promise<ReceiptPdf> {
    const receipt = await this.get(viewerId, receiptId);
    const pdf = await renderReceiptPdf(receipt);
    return { fileName: receiptFileName(receipt.number), pdf: pdf.toString('base64') };
  }
}
