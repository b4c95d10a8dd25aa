import { Injectable } from '@nestjs/common';
import {
  type CreditNoteView,
  DomainError,
  ErrorCode,
  GST_RATE_PERCENT,
  gstState,
  type ReceiptPdf,
  SAC_ONLINE_VIDEO,
} from '@chitram/contracts';
import type { EntityManager } from 'typeorm';
import { creditNoteFileName, renderCreditNotePdf } from '../receipts/receipt-pdf';
import {
  amountInWords,
  creditNoteFigures,
  creditNoteNumber,
  financialYear,
  type InvoiceFigures,
  invoiceFigures,
  taxLines,
} from '../receipts/receipt-rules';
import { ReceiptsService } from '../receipts/receipts.service';
import { CreditNotesRepository } from './credit-notes.repository';

export interface CreditNoteRequest {
  receiptId: string;
  /** Paise to take back, GST included; at most what is left of the invoice. */
  amount: number;
  reason: string;
}

/**
 * Credit notes (D32), ready for refunds: each takes back part or all of one tax invoice, numbered in its
 * own gapless series per financial year, in the caller's transaction (the refund's). An invoice's notes
 * never exceed it, and a note of all that is left takes back exactly what is left of each tax.
 */
@Injectable()
export class CreditNotesService {
  constructor(
    private readonly notes: CreditNotesRepository,
    private readonly receipts: ReceiptsService,
  ) {}

  async issue(
    manager: EntityManager,
    { receiptId, amount, reason }: CreditNoteRequest,
    now: Date = new Date(),
  ): Promise<{ id: string; number: string; figures: InvoiceFigures }> {
    const invoice = await this.notes.lockInvoice(manager, receiptId);
    if (!invoice) throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such invoice.');
    const supplierStateCode = invoice.supplierStateCode ?? this.receipts.seller.state.code;
    const placeOfSupply = invoice.placeOfSupply ?? supplierStateCode;
    const intraState = placeOfSupply === supplierStateCode;
    // A receipt from before tax invoices is taken as split within the supplier's state.
    const charged = invoice.figures ?? invoiceFigures(invoice.amount, intraState);
    const left: InvoiceFigures = {
      taxable: charged.taxable - invoice.credited.taxable,
      cgst: charged.cgst - invoice.credited.cgst,
      sgst: charged.sgst - invoice.credited.sgst,
      igst: charged.igst - invoice.credited.igst,
    };
    const leftAmount = left.taxable + left.cgst + left.sgst + left.igst;
    if (!Number.isInteger(amount) || amount <= 0 || amount > leftAmount)
      throw new DomainError(
        ErrorCode.VALIDATION_FAILED,
        `amount must be from 1 to ${leftAmount} paise, what is left of invoice ${invoice.number}`,
      );
    const figures = creditNoteFigures(amount, left, intraState);
    const year = financialYear(now);
    const sequence = await this.notes.nextSequence(manager, year);
    const note = await this.notes.insert(manager, {
      number: creditNoteNumber(year, sequence),
      financialYear: year,
      sequence,
      receiptId,
      viewerId: invoice.viewerId,
      phoneNumber: invoice.phoneNumber,
      reason,
      figures,
      placeOfSupply,
      supplierStateCode,
    });
    return { ...note, figures };
  }

  async get(viewerId: string, creditNoteId: string): Promise<CreditNoteView> {
    const row = await this.notes.forViewer(viewerId, creditNoteId);
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'There is no such credit note.');
    return {
      _id: row.id,
      number: row.number,
      issuedAt: new Date(row.issued_at).toISOString(),
      invoice: {
        _id: row.receipt_id,
        number: row.receipt_number,
        issuedAt: new Date(row.receipt_issued_at).toISOString(),
      },
      reason: row.reason,
      planName: row.plan_name,
      amount: row.amount_paise,
      taxableValue: row.taxable_paise,
      taxes: taxLines(
        {
          placeOfSupply: row.place_of_supply,
          supplierStateCode: row.supplier_state_code,
          ratePercent: GST_RATE_PERCENT,
          gst: row.amount_paise - row.taxable_paise,
        },
        { cgst: row.cgst_paise, sgst: row.sgst_paise, igst: row.igst_paise },
      ),
      sac: SAC_ONLINE_VIDEO,
      placeOfSupply: gstState(row.place_of_supply) ?? null,
      amountInWords: amountInWords(row.amount_paise),
      phoneNumber: row.phone_number,
      seller: this.receipts.seller,
    };
  }

  async pdf(viewerId: string, creditNoteId: string): Promise<ReceiptPdf> {
    const note = await this.get(viewerId, creditNoteId);
    const pdf = await renderCreditNotePdf(note);
    return { fileName: creditNoteFileName(note.number), pdf: pdf.toString('base64') };
  }
}
