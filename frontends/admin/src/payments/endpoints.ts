// The back office's payment paths (D39), relative to the client's `/api` prefix, in one place.

const id = (value: string) => encodeURIComponent(value);

export const paymentEndpoints = {
  /** A page of payments: `page`, `search`, `viewerId`. */
  list(query: { page: number; search?: string; viewerId?: string }): string {
    const params = new URLSearchParams({ page: String(query.page) });
    if (query.search) params.set('search', query.search);
    if (query.viewerId) params.set('viewerId', query.viewerId);
    return `admin/payments?${params.toString()}`;
  },
  refunds: (paymentId: string) => `admin/payments/${id(paymentId)}/refunds`,
  gstSummary: (month: string) => `admin/reports/gst-summary?month=${id(month)}`,
  invoiceRegister: (month: string) => `admin/reports/invoice-register?month=${id(month)}`,
} as const;
