import {
  ACCESS_ACTION_LABEL,
  type AccessAction,
  ADMIN_ROUTE,
  encodeOrderRef,
  formatUtcDateTime,
  LOG_PAGE_MAX,
  MSG,
  SCREENS,
} from '@eta/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../../components/Loading.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { useGetAccessLogQuery } from './api.ts';
import { downloadCsv } from './download.ts';
import { LogFilters } from './LogFilters.tsx';
import { SubjectExportModal } from './SubjectExportModal.tsx';
import { useLogPage } from './useLogPage.ts';
import './privacy.css';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';

/** Who read whose personal data (DESIGN §16): every detail view, image, document, letter, pack and export. */
export function AccessLogPage() {
  const [params] = useSearchParams();
  const log = useLogPage({ orderId: params.get('orderId') ?? undefined });
  const [exporting, setExporting] = useState(false);
  const reply = useGetAccessLogQuery(log.query);
  // a refusal keeps an older success as its data: none is shown then
  const page = reply.error ? undefined : reply.data;
  const rows = page?.data ?? [];
  const total = page?.total ?? 0;
  return (
    <>
      <PageHeader title={SCREENS.accessLog.title}>
        <Button variant="outline-primary" onClick={() => setExporting(true)}>
          Subject access export
        </Button>
      </PageHeader>
      <Card className="shadow-sm border-0">
        <Card.Body>
          <LogFilters
            values={log.filters}
            actions={ACCESS_ACTION_LABEL}
            byOrder
            onChange={log.setFilters}
            onCsv={() => void downloadCsv('access', { ...log.filters })}
          />
          {reply.isFetching && !reply.data ? (
            <Loading />
          ) : (
            <ScrollRegion className="table-responsive" label="Access log entries">
              <Table hover size="sm" className="log-table mb-3">
                <thead>
                  <tr>
                    <th scope="col">Date &amp; Time (UTC)</th>
                    <th scope="col">Member</th>
                    <th scope="col">IP</th>
                    <th scope="col">Action</th>
                    <th scope="col">Order ID</th>
                    <th scope="col">Detail</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id}>
                      <td className="text-nowrap">{formatUtcDateTime(row.at)}</td>
                      <td>{row.member_name ?? '—'}</td>
                      <td>{row.ip ?? '—'}</td>
                      <td>{ACCESS_ACTION_LABEL[row.action as AccessAction] ?? row.action}</td>
                      <td className="text-nowrap">
                        <Link to={`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(row.order_id)}`}>{row.order_id}</Link>
                      </td>
                      <td className="log-detail">{row.detail ?? ''}</td>
                    </tr>
                  ))}
                  {rows.length === 0 && (
                    <tr>
                      <td colSpan={6} className="text-center text-secondary py-4">
                        {reply.error ? reply.error.message : MSG.noRecords}
                      </td>
                    </tr>
                  )}
                </tbody>
              </Table>
            </ScrollRegion>
          )}
          <Pagination
            page={log.page}
            rowsPerPage={log.perPage}
            perPage={log.perPage}
            total={total}
            allowAll={false}
            onPage={log.setPage}
            onPerPage={(size) => log.setPerPage(typeof size === 'number' ? size : LOG_PAGE_MAX)}
          />
        </Card.Body>
      </Card>
      <SubjectExportModal show={exporting} onClose={() => setExporting(false)} />
    </>
  );
}
