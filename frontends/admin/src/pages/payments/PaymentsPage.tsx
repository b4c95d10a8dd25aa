import type { AdminPaymentPage } from '@chitram/contracts/web';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../app/use-document-title';
import { counted } from '../../back-office/display-rules';
import { Pagination } from '../../components/Pagination';
import { TableSearch } from '../../components/TableTools';
import { useResource } from '../../components/use-resource';
import { useTableQuery } from '../../components/use-table-query';
import { paymentEndpoints } from '../../payments/endpoints';
import { GstReports } from '../../payments/GstReports';
import { PaymentsTable } from '../../payments/PaymentsTable';
import '../../styles/admin-back-office.css';
import '../../styles/admin-payments.css';

/**
 * /admin/payments (finance, D39): every viewer's payments, newest first, searched by payment id, invoice
 * number or part of the number (`?viewerId=` for one viewer's), each refundable in full or in part; and the
 * month's GST reports.
 */
export function PaymentsPage() {
  useDocumentTitle('Payments');
  const [params] = useSearchParams();
  const viewerId = params.get('viewerId') ?? undefined;
  const query = useTableQuery();
  const list = useResource<AdminPaymentPage>(
    paymentEndpoints.list({ page: query.page, search: query.search, viewerId }),
  );
  return (
    <section className="ad-page">
      <header className="ad-page__header">
        <h1 className="ad-page__title">Payments</h1>
        {list.data && <p className="ad-page__subtitle">{counted(list.data.totalPayments, 'payment')}</p>}
      </header>
      <GstReports />
      <div className="ad-toolbar">
        <TableSearch
          value={query.input}
          onChange={query.setInput}
          label="Search by payment id, invoice number or mobile number"
        />
      </div>
      <PaymentsTable
        list={list}
        emptyText={query.search ? `No payments match “${query.search}”.` : 'No payments yet.'}
        onChanged={list.reload}
      />
      {list.data && (
        <Pagination page={list.data.currentPage} totalPages={list.data.totalPages} onPage={query.setPage} />
      )}
    </section>
  );
}
