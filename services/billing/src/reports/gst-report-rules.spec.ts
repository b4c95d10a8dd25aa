import {
  type GstDocument,
  gstSummary,
  gstSummaryCsv,
  invoiceRegisterCsv,
  monthInIndia,
  rupees,
} from './gst-report-rules';

const invoice = (
  number: string,
  placeOfSupply: string,
  taxable: number,
  cgst: number,
  igst: number,
): GstDocument => ({
  kind: 'invoice',
  number,
  issuedAt: new Date('2026-11-10T06:00:00Z'),
  invoiceNumber: null,
  placeOfSupply,
  ratePercent: 18,
  taxable,
  cgst,
  sgst: cgst,
  igst,
  reason: null,
});

describe('GST report rules (D39)', () => {
  const docs: GstDocument[] = [
    invoice('CH/2026-27/000001', '36', 25338, 2281, 0), // ₹299 within Telangana
    invoice('CH/2026-27/000002', '27', 84661, 0, 15239), // ₹999 to Maharashtra
    {
      ...invoice('CN/2026-27/000001', '27', 10462, 0, 1883),
      kind: 'credit-note',
      invoiceNumber: 'CH/2026-27/000002',
      issuedAt: new Date('2026-11-20T06:00:00Z'),
      reason: '=HYPERLINK("x"), refund',
    },
  ];

  it("a month runs from its first midnight in India to the next month's", () => {
    expect(monthInIndia('2026-11')).toEqual({
      from: new Date('2026-10-31T18:30:00Z'),
      to: new Date('2026-11-30T18:30:00Z'),
    });
    expect(monthInIndia('2026-12').to).toEqual(new Date('2026-12-31T18:30:00Z'));
  });

  it('sums by place of supply and rate, credit notes subtracted', () => {
    expect(gstSummary(docs)).toEqual([
      {
        placeOfSupply: '27',
        ratePercent: 18,
        taxable: 74199,
        cgst: 0,
        sgst: 0,
        igst: 13356,
        invoices: 1,
        creditNotes: 1,
      },
      {
        placeOfSupply: '36',
        ratePercent: 18,
        taxable: 25338,
        cgst: 2281,
        sgst: 2281,
        igst: 0,
        invoices: 1,
        creditNotes: 0,
      },
    ]);
  });

  it('writes rupees with paise and the sign', () => {
    expect([rupees(29900), rupees(5), rupees(-12345), rupees(0)]).toEqual([
      '299.00',
      '0.05',
      '-123.45',
      '0.00',
    ]);
  });

  it('the summary CSV has a line per place and rate and a total of invoices less credit notes', () => {
    expect(gstSummaryCsv('2026-11', docs).split('\r\n')).toEqual([
      'Month,Type,Place of supply code,Place of supply,Rate %,Taxable value,CGST,SGST/UTGST,IGST,Total,Invoices,Credit notes',
      '2026-11,B2CS,27,Maharashtra,18,741.99,0.00,0.00,133.56,875.55,1,1',
      '2026-11,B2CS,36,Telangana,18,253.38,22.81,22.81,0.00,299.00,1,0',
      '2026-11,Total,,,,995.37,22.81,22.81,133.56,1174.55,2,1',
      '',
    ]);
  });

  it('the register lists each document by date, credit notes negative, and a reason never runs as a formula', () => {
    const lines = invoiceRegisterCsv([...docs].reverse()).split('\r\n');
    expect(lines[1]).toBe(
      'Tax invoice,CH/2026-27/000001,2026-11-10,,36,Telangana,18,253.38,22.81,22.81,0.00,299.00,',
    );
    expect(lines[3]).toBe(
      `Credit note,CN/2026-27/000001,2026-11-20,CH/2026-27/000002,27,Maharashtra,18,-104.62,0.00,0.00,-18.83,-123.45,"'=HYPERLINK(""x""), refund"`,
    );
  });
});
