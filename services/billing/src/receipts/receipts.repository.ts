import { Injectable } from '@nestjs/common';
import {
  gstState,
  SAC_ONLINE_VIDEO,
  type PlanKey,
  type ReceiptView,
  type SellerDetails,
} from '@chitram/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { amountInWords, taxLines } from './receipt-rules';

export interface NewReceipt {
  number: string;
  financialYear: string;
  sequence: number;
  paymentId: string;
  viewerId: string;
  phoneNumber: string | null;
  planKey: PlanKey;
  planName: string;
  validFrom: Date;
  validTill: Date;
  amount: number;
  listPrice: number;
  credit: number;
  creditPlanName: string | null;
  /** A coupon's discount after the credit (D33), and its code. */
  discount: number;
  couponCode: string | null;
  taxable: number;
  gst: number;
  gstRatePercent: number;
  supplierStateCode: string;
  placeOfSupply: string;
  sac: string;
  cgst: number;
  sgst: number;
  igst: number;
}

interface ReceiptRow {
  id: string;
  number: string;
  issued_at: Date;
  plan_key: PlanKey;
  plan_name: string;
  valid_from: Date;
  valid_till: Date;
  amount_paise: number;
  list_price_paise: number | null;
  credit_paise: number;
  credit_plan_name: string | null;
  discount_paise: number;
  coupon_code: string | null;
  taxable_paise: number;
  gst_paise: number;
  gst_rate_percent: number;
  supplier_state_code: string | null;
  place_of_supply: string | null;
  sac: string | null;
  cgst_paise: number | null;
  sgst_paise: number | null;
  igst_paise: number | null;
  phone_number: string | null;
  provider_payment_id: string;
  provider_order_id: string;
}

/** The gapless series of billing's documents (D18, D32), each counted per financial year. */
export type DocumentSeries = 'receipt_sequence' | 'credit_note_sequence';

/**
 * The next number of a series in the financial year; in the issuing transaction, so that a number is
 * used exactly when the document is kept: no gaps.
 */
export async function nextInSeries(
  manager: EntityManager,
  series: DocumentSeries,
  financialYear: string,
): Promise<number> {
  const rows: Array<{ last_value: number }> = await manager.query(
    `INSERT INTO "${series}" ("financial_year", "last_value") VALUES ($1, 1)
     ON CONFLICT ("financial_year") DO UPDATE SET "last_value" = "${series}"."last_value" + 1
     RETURNING "last_value"`,
    [financialYear],
  );
  return rows[0].last_value;
}

@Injectable()
export class ReceiptsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The next number of the financial year; inside the activation's transaction, so numbers have no gaps. */
  nextSequence(manager: EntityManager, financialYear: string): Promise<number> {
    return nextInSeries(manager, 'receipt_sequence', financialYear);
  }

  async insert(manager: EntityManager, receipt: NewReceipt): Promise<{ id: string; number: string }> {
    const rows: Array<{ id: string; number: string }> = await manager.query(
      `INSERT INTO "receipt" ("number", "financial_year", "sequence", "payment_id", "viewer_id", "phone_number",
         "plan_key", "plan_name", "valid_from", "valid_till", "amount_paise", "taxable_paise", "gst_paise",
         "gst_rate_percent", "currency", "supplier_state_code", "place_of_supply", "sac", "cgst_paise",
         "sgst_paise", "igst_paise", "list_price_paise", "credit_paise", "credit_plan_name", "discount_paise",
         "coupon_code")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'INR', $15, $16, $17, $18, $19, $20,
         $21, $22, $23, $24, $25)
       RETURNING "id", "number"`,
      [
        receipt.number,
        receipt.financialYear,
        receipt.sequence,
        receipt.paymentId,
        receipt.viewerId,
        receipt.phoneNumber,
        receipt.planKey,
        receipt.planName,
        receipt.validFrom,
        receipt.validTill,
        receipt.amount,
        receipt.taxable,
        receipt.gst,
        receipt.gstRatePercent,
        receipt.supplierStateCode,
        receipt.placeOfSupply,
        receipt.sac,
        receipt.cgst,
        receipt.sgst,
        receipt.igst,
        receipt.listPrice,
        receipt.credit,
        receipt.creditPlanName,
        receipt.discount,
        receipt.couponCode,
      ],
    );
    return rows[0];
  }

  async ofPayment(
    manager: EntityManager,
    paymentId: string,
  ): Promise<{ id: string; number: string } | undefined> {
    const rows: Array<{ id: string; number: string }> = await manager.query(
      'SELECT "id", "number" FROM "receipt" WHERE "payment_id" = $1',
      [paymentId],
    );
    return rows[0];
  }

  /** A receipt of this viewer's; another viewer's is not found, as if it did not exist. */
  async forViewer(
    viewerId: string,
    receiptId: string,
    seller: SellerDetails,
  ): Promise<ReceiptView | undefined> {
    const rows: ReceiptRow[] = await this.dataSource.query(
      `SELECT r.*, p."provider_payment_id", o."provider_order_id"
         FROM "receipt" r JOIN "payment" p ON p."id" = r."payment_id"
         JOIN "payment_order" o ON o."id" = p."order_id"
        WHERE r."id" = $1 AND r."viewer_id" = $2`,
      [receiptId, viewerId],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      _id: row.id,
      number: row.number,
      issuedAt: new Date(row.issued_at).toISOString(),
      planKey: row.plan_key,
      planName: row.plan_name,
      validFrom: new Date(row.valid_from).toISOString(),
      validTill: new Date(row.valid_till).toISOString(),
      amount: row.amount_paise,
      listPrice: row.list_price_paise ?? row.amount_paise,
      credit:
        row.credit_paise > 0 ? { amount: row.credit_paise, planName: row.credit_plan_name ?? '' } : null,
      discount: row.discount_paise > 0 ? { amount: row.discount_paise, code: row.coupon_code ?? '' } : null,
      taxableValue: row.taxable_paise,
      gst: row.gst_paise,
      gstRatePercent: row.gst_rate_percent,
      taxes: taxLines(
        {
          placeOfSupply: row.place_of_supply,
          supplierStateCode: row.supplier_state_code,
          ratePercent: row.gst_rate_percent,
          gst: row.gst_paise,
        },
        row.cgst_paise === null
          ? null
          : { cgst: row.cgst_paise, sgst: row.sgst_paise ?? 0, igst: row.igst_paise ?? 0 },
      ),
      sac: row.sac ?? SAC_ONLINE_VIDEO,
      placeOfSupply: gstState(row.place_of_supply) ?? null,
      amountInWords: amountInWords(row.amount_paise),
      currency: 'INR',
      phoneNumber: row.phone_number,
      paymentId: row.provider_payment_id,
      orderId: row.provider_order_id,
      seller,
    };
  }

  /** D25: receipts stay for tax records, without the person. */
  async anonymise(manager: EntityManager, viewerId: string): Promise<void> {
    await manager.query(
      'UPDATE "receipt" SET "viewer_id" = NULL, "phone_number" = NULL WHERE "viewer_id" = $1',
      [viewerId],
    );
  }
}
