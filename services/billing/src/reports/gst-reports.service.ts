import { Injectable } from '@nestjs/common';
import { GST_RATE_PERCENT, type GstReportFile } from '@chitram/contracts';
import { DataSource } from 'typeorm';
import { BillingConfig } from '../config';
import { invoiceFigures } from '../receipts/receipt-rules';
import { type GstDocument, gstSummaryCsv, invoiceRegisterCsv, monthInIndia } from './gst-report-rules';

interface DocumentRow {
  kind: 'invoice' | 'credit-note';
  number: string;
  issued_at: Date;
  invoice_number: string | null;
  place_of_supply: string | null;
  supplier_state_code: string | null;
  rate_percent: number;
  amount_paise: number;
  taxable_paise: number;
  cgst_paise: number | null;
  sgst_paise: number | null;
  igst_paise: number | null;
  reason: string | null;
}

/** Finance's monthly GST reports (D39): the summary by place of supply and rate, and the invoice register. */
@Injectable()
export class GstReportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: BillingConfig,
  ) {}

  async summary(month: string): Promise<GstReportFile> {
    return { fileName: `gst-summary-${month}.csv`, csv: gstSummaryCsv(month, await this.documents(month)) };
  }

  async register(month: string): Promise<GstReportFile> {
    return {
      fileName: `invoice-register-${month}.csv`,
      csv: invoiceRegisterCsv(await this.documents(month)),
    };
  }

  /** The month's tax invoices and credit notes, as issued. */
  async documents(month: string): Promise<GstDocument[]> {
    const { from, to } = monthInIndia(month);
    const rows: DocumentRow[] = await this.dataSource.query(
      `SELECT 'invoice' AS "kind", "number", "issued_at", NULL AS "invoice_number", "place_of_supply",
              "supplier_state_code", "gst_rate_percent" AS "rate_percent", "amount_paise", "taxable_paise",
              "cgst_paise", "sgst_paise", "igst_paise", NULL AS "reason"
         FROM "receipt" WHERE "issued_at" >= $1 AND "issued_at" < $2
       UNION ALL
       SELECT 'credit-note', n."number", n."issued_at", r."number", n."place_of_supply", n."supplier_state_code",
              r."gst_rate_percent", n."amount_paise", n."taxable_paise", n."cgst_paise", n."sgst_paise",
              n."igst_paise", n."reason"
         FROM "credit_note" n JOIN "receipt" r ON r."id" = n."receipt_id"
        WHERE n."issued_at" >= $1 AND n."issued_at" < $2`,
      [from, to],
    );
    return rows.map((row) => this.toDocument(row));
  }

  private toDocument(row: DocumentRow): GstDocument {
    // A receipt from before tax invoices: at the supplier's state, split as its credit notes split it (D32).
    const placeOfSupply = row.place_of_supply ?? row.supplier_state_code ?? this.config.SELLER_STATE_CODE;
    const figures =
      row.cgst_paise === null || row.sgst_paise === null || row.igst_paise === null
        ? invoiceFigures(row.amount_paise, true, row.rate_percent ?? GST_RATE_PERCENT)
        : { taxable: row.taxable_paise, cgst: row.cgst_paise, sgst: row.sgst_paise, igst: row.igst_paise };
    return {
      kind: row.kind,
      number: row.number,
      issuedAt: new Date(row.issued_at),
      invoiceNumber: row.invoice_number,
      placeOfSupply,
      ratePercent: row.rate_percent,
      ...figures,
      reason: row.reason,
    };
  }
}
