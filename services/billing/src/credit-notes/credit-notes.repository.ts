import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { InvoiceFigures } from '../receipts/receipt-rules';
import { nextInSeries } from '../receipts/receipts.repository';

/** An invoice as a credit note needs it, locked: what it charged, and what its notes took back. */
export interface CreditableInvoice {
  id: string;
  number: string;
  issuedAt: Date;
  viewerId: string | null;
  phoneNumber: string | null;
  planName: string;
  amount: number;
  /** Null on a receipt from before tax invoices. */
  placeOfSupply: string | null;
  supplierStateCode: string | null;
  figures: InvoiceFigures | null;
  credited: InvoiceFigures;
}

export interface NewCreditNote {
  number: string;
  financialYear: string;
  sequence: number;
  receiptId: string;
  viewerId: string | null;
  phoneNumber: string | null;
  reason: string;
  figures: InvoiceFigures;
  placeOfSupply: string;
  supplierStateCode: string;
}

export interface CreditNoteRow {
  id: string;
  number: string;
  issued_at: Date;
  reason: string;
  amount_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  place_of_supply: string;
  supplier_state_code: string;
  phone_number: string | null;
  receipt_id: string;
  receipt_number: string;
  receipt_issued_at: Date;
  plan_name: string;
}

/** Credit notes (D32): their own gapless series, each against one invoice. */
@Injectable()
export class CreditNotesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The invoice, locked until the transaction ends: its notes are issued one at a time. */
  async lockInvoice(manager: EntityManager, receiptId: string): Promise<CreditableInvoice | undefined> {
    // The lock first, the sums after it in a statement of their own: a statement that waited for the
    // lock would still read the notes as they were when it began, missing the one just issued.
    await manager.query('SELECT 1 FROM "receipt" WHERE "id" = $1 FOR UPDATE', [receiptId]);
    const rows: Array<Record<string, unknown>> = await manager.query(
      `SELECT r.*, coalesce(n."taxable", 0)::int AS "n_taxable", coalesce(n."cgst", 0)::int AS "n_cgst",
              coalesce(n."sgst", 0)::int AS "n_sgst", coalesce(n."igst", 0)::int AS "n_igst"
         FROM "receipt" r
         LEFT JOIN LATERAL (SELECT sum("taxable_paise") AS "taxable", sum("cgst_paise") AS "cgst",
                                   sum("sgst_paise") AS "sgst", sum("igst_paise") AS "igst"
                              FROM "credit_note" WHERE "receipt_id" = r."id") n ON true
        WHERE r."id" = $1`,
      [receiptId],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: row.id as string,
      number: row.number as string,
      issuedAt: new Date(row.issued_at as string),
      viewerId: row.viewer_id as string | null,
      phoneNumber: row.phone_number as string | null,
      planName: row.plan_name as string,
      amount: row.amount_paise as number,
      placeOfSupply: row.place_of_supply as string | null,
      supplierStateCode: row.supplier_state_code as string | null,
      figures:
        row.cgst_paise === null
          ? null
          : {
              taxable: row.taxable_paise as number,
              cgst: row.cgst_paise as number,
              sgst: row.sgst_paise as number,
              igst: row.igst_paise as number,
            },
      credited: {
        taxable: row.n_taxable as number,
        cgst: row.n_cgst as number,
        sgst: row.n_sgst as number,
        igst: row.n_igst as number,
      },
    };
  }

  /** The next number of the financial year, in the issuing transaction: no gaps. */
  nextSequence(manager: EntityManager, financialYear: string): Promise<number> {
    return nextInSeries(manager, 'credit_note_sequence', financialYear);
  }

  async insert(manager: EntityManager, note: NewCreditNote): Promise<{ id: string; number: string }> {
    const rows: Array<{ id: string; number: string }> = await manager.query(
      `INSERT INTO "credit_note" ("number", "financial_year", "sequence", "receipt_id", "viewer_id",
         "phone_number", "reason", "amount_paise", "taxable_paise", "cgst_paise", "sgst_paise", "igst_paise",
         "place_of_supply", "supplier_state_code")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING "id", "number"`,
      [
        note.number,
        note.financialYear,
        note.sequence,
        note.receiptId,
        note.viewerId,
        note.phoneNumber,
        note.reason,
        note.figures.taxable + note.figures.cgst + note.figures.sgst + note.figures.igst,
        note.figures.taxable,
        note.figures.cgst,
        note.figures.sgst,
        note.figures.igst,
        note.placeOfSupply,
        note.supplierStateCode,
      ],
    );
    return rows[0];
  }

  /** A credit note of this viewer's; another viewer's is not found. */
  async forViewer(viewerId: string, creditNoteId: string): Promise<CreditNoteRow | undefined> {
    const rows: CreditNoteRow[] = await this.dataSource.query(
      `SELECT n.*, r."number" AS "receipt_number", r."issued_at" AS "receipt_issued_at", r."plan_name"
         FROM "credit_note" n JOIN "receipt" r ON r."id" = n."receipt_id"
        WHERE n."id" = $1 AND n."viewer_id" = $2`,
      [creditNoteId, viewerId],
    );
    return rows[0];
  }

  /** D25: credit notes stay for tax records, without the person. */
  async anonymise(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query(
      'UPDATE "credit_note" SET "viewer_id" = NULL, "phone_number" = NULL WHERE "viewer_id" = $1',
      [viewerId],
    );
  }
}
