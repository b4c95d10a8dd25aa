// India's states and union territories with their GST state codes (the first two digits of a GSTIN),
// for the place of supply on tax invoices (DECISIONS D32). Types and data only: the front ends import
// this module through `@chitram/contracts/web`.

export interface GstState {
  /** Two digits, as in a GSTIN: '36' is Telangana. */
  code: string;
  /** The name as GST records write it (a proper name, shown as is in every interface language). */
  name: string;
  kind: 'state' | 'union-territory';
  /**
   * A union territory without a legislature levies UTGST in place of SGST (UTGST Act 2017, s. 7):
   * Chandigarh, Lakshadweep, Dadra and Nagar Haveli and Daman and Diu, Andaman and Nicobar, Ladakh.
   */
  utgst: boolean;
}

const state = (code: string, name: string): GstState => ({ code, name, kind: 'state', utgst: false });
const ut = (code: string, name: string, utgst: boolean): GstState => ({
  code,
  name,
  kind: 'union-territory',
  utgst,
});

/** The 28 states and 8 union territories, by GST state code (25, Daman and Diu, merged into 26 in 2020). */
export const GST_STATES: readonly GstState[] = [
  ut('01', 'Jammu and Kashmir', false),
  state('02', 'Himachal Pradesh'),
  state('03', 'Punjab'),
  ut('04', 'Chandigarh', true),
  state('05', 'Uttarakhand'),
  state('06', 'Haryana'),
  ut('07', 'Delhi', false),
  state('08', 'Rajasthan'),
  state('09', 'Uttar Pradesh'),
  state('10', 'Bihar'),
  state('11', 'Sikkim'),
  state('12', 'Arunachal Pradesh'),
  state('13', 'Nagaland'),
  state('14', 'Manipur'),
  state('15', 'Mizoram'),
  state('16', 'Tripura'),
  state('17', 'Meghalaya'),
  state('18', 'Assam'),
  state('19', 'West Bengal'),
  state('20', 'Jharkhand'),
  state('21', 'Odisha'),
  state('22', 'Chhattisgarh'),
  state('23', 'Madhya Pradesh'),
  state('24', 'Gujarat'),
  ut('26', 'Dadra and Nagar Haveli and Daman and Diu', true),
  state('27', 'Maharashtra'),
  state('29', 'Karnataka'),
  state('30', 'Goa'),
  ut('31', 'Lakshadweep', true),
  state('32', 'Kerala'),
  state('33', 'Tamil Nadu'),
  ut('34', 'Puducherry', false),
  ut('35', 'Andaman and Nicobar Islands', true),
  state('36', 'Telangana'),
  state('37', 'Andhra Pradesh'),
  ut('38', 'Ladakh', true),
];

export const GST_STATE_CODES = GST_STATES.map((s) => s.code);

export function gstState(code: string | null | undefined): GstState | undefined {
  return code ? GST_STATES.find((s) => s.code === code) : undefined;
}

/** SAC of online video content (video on demand): the service code on every invoice (D32). */
export const SAC_ONLINE_VIDEO = '998433';
