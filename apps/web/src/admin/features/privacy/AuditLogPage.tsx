import { AUDIT_ACTION_LABEL, type AuditAction, formatUtcDateTime, LOG_PAGE_MAX, MSG, SCREENS } from '@eta/shared';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Loading } from '../../../components/Loading.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { useGetAuditLogQuery } from './api.ts';
import { detailText, shortAgent } from './detailText.ts';
import { downloadCsv } from './download.ts';
import { LogFilters } from './LogFilters.tsx';
import { useLogPage } from './useLogPage.ts';
import './privacy.css';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';

/** Sign-ins, account, team and gateway changes, erasures, exports and retention runs (DESIGN §16). */
export function AuditLogPage() {
  const log = useLogPage();
  const reply = useGetAuditLogQuery(log.query);
  // a refusal keeps an older success as its data: none is shown then
  const page = reply.error ? undefined : reply.data;
  const rows = page?.data ?? [];
  const total = page?.total ?? 0;
  return (
    <>
      <PageHeader title={SCREENS.auditLog.title} />
      <Card className="shadow-sm border-0">
        <Card.Body>
          <LogFilters
            values={log.filters}
            actions={AUDIT_ACTION_LABEL}
            byOrder={false}
            onChange={log.setFilters}
            onCsv={() => void downloadCsv('audit', { ...log.filters })}
          />
          {reply.isFetching && !reply.data ? (
            <Loading />
          ) : (
            <ScrollRegion className="table-responsive" label="Audit log entries">
              <Table hover size="sm" className="log-table mb-3">
                <thead>
                  <tr>
                    <th scope="col">Date &amp; Time (UTC)</th>
                    <th scope="col">Member</th>
                    <th scope="col">Action</th>
                    <th scope="col">Target</th>
                    <th scope="col">Detail</th>
                    <th scope="col">From (IP, browser)</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id}>
                      <td className="text-nowrap">{formatUtcDateTime(row.at)}</td>
                      <td>{row.member_name ?? (row.action === 'retention_run' ? 'System' : '—')}</td>
                      <td>{AUDIT_ACTION_LABEL[row.action as AuditAction] ?? row.action}</td>
                      <td className="log-target">{row.target ?? ''}</td>
                      <td className="log-detail">{detailText(row.detail)}</td>
                      <td className="log-from">
                        {row.ip ?? ''}
                        <div className="log-agent small text-secondary" title={row.user_agent ?? undefined}>
                          {shortAgent(row.user_agent)}
                        </div>
                      </td>
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
    </>
  );
}
