import { type DisputeRecord, PAGE_LIMIT_MAX, pageCountOf, SCREENS } from '@eta/shared';
import { useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Nav from 'react-bootstrap/Nav';
import Spinner from 'react-bootstrap/Spinner';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { shownRefusal } from '../../../lib/apiError.ts';
import { type DisputeListArgs, useListDisputesQuery } from './api.ts';
import { DisputeFiltersForm } from './DisputeFiltersForm.tsx';
import { DisputesTable } from './DisputesTable.tsx';
import { ALL_COLUMNS, unmatchedColumns } from './disputeColumns.tsx';
import { LinkOrderModal } from './LinkOrderModal.tsx';
import { DISPUTE_TEXT } from './texts.ts';
import { useDisputeFilters } from './useDisputeFilters.ts';
import '../queues/queue.css';
import './disputes.css';

/** Just the count of unmatched disputes, for the tab: a one-row page carries the total. */
const UNMATCHED_COUNT: DisputeListArgs = { unmatched: true, page: 1, limit: 1 };

const PANEL_ID = 'disputes-panel';
const tabId = (unmatched: boolean) => (unmatched ? 'disputes-tab-unmatched' : 'disputes-tab-all');

/** /admin/disputes (DESIGN §14): every dispute, soonest deadline first, and the unmatched ones to link. */
export function DisputesPage() {
  const [filters, setFilters] = useDisputeFilters();
  const [linking, setLinking] = useState<DisputeRecord | null>(null);
  const { unmatched, state, processor, dueBefore, page, perPage } = filters;
  // The Unmatched tab lists them all: a filter set on the other tab must not hide one from linking.
  const args = useMemo<DisputeListArgs>(
    () => (unmatched ? { unmatched, page, limit: perPage } : { state, processor, dueBefore, page, limit: perPage }),
    [unmatched, state, processor, dueBefore, page, perPage],
  );
  // Several members work the same disputes: entering the screen always asks the server afresh.
  const list = useListDisputesQuery(args, { refetchOnMountOrArgChange: true });
  const unmatchedCount = useListDisputesQuery(UNMATCHED_COUNT, { refetchOnMountOrArgChange: true });

  // a refusal keeps an older success as `data`: none is shown then
  const reply = list.error ? undefined : list.data;
  const ok = reply !== undefined;
  const rows = reply?.data ?? [];
  const total = ok ? (reply.total ?? rows.length) : 0;
  const error = shownRefusal(list.error);
  const waiting = unmatchedCount.error ? undefined : unmatchedCount.data?.total;
  const columns = useMemo(() => (unmatched ? unmatchedColumns(setLinking) : ALL_COLUMNS), [unmatched]);

  // Past the last page (disputes were linked or closed meanwhile): show the new last page instead.
  const pageCount = pageCountOf(total, perPage);
  useEffect(() => {
    if (ok && !list.isFetching && page > pageCount) setFilters({ page: pageCount });
  }, [ok, list.isFetching, page, pageCount, setFilters]);

  const refresh = () => {
    void list.refetch();
    void unmatchedCount.refetch();
  };

  return (
    <>
      <PageHeader title={SCREENS.disputes.title}>
        <Button variant="outline-primary" size="sm" onClick={refresh} disabled={list.isFetching}>
          {list.isFetching && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
          Refresh
        </Button>
      </PageHeader>
      <Card className="queue-card shadow-sm border-0">
        <Card.Body>
          <Nav variant="tabs" role="tablist" className="mb-3">
            {[false, true].map((tab) => (
              <Nav.Item key={String(tab)}>
                <Nav.Link
                  as="button"
                  type="button"
                  role="tab"
                  id={tabId(tab)}
                  aria-controls={PANEL_ID}
                  aria-selected={unmatched === tab}
                  active={unmatched === tab}
                  onClick={() => setFilters({ unmatched: tab })}
                >
                  {tab ? DISPUTE_TEXT.unmatchedTab : DISPUTE_TEXT.allTab}
                  {tab && waiting !== undefined && (
                    <span className={`badge rounded-pill ms-2 ${waiting > 0 ? 'text-bg-danger' : 'text-bg-light'}`}>
                      {waiting}
                    </span>
                  )}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
          <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(unmatched)}>
            {unmatched ? (
              <p className="small text-secondary">{DISPUTE_TEXT.unmatchedHint}</p>
            ) : (
              <DisputeFiltersForm filters={filters} onChange={setFilters} />
            )}
            <DisputesTable
              rows={rows}
              columns={columns}
              loading={list.isLoading}
              refreshing={list.isFetching && !list.isLoading}
              error={error}
            />
            <Pagination
              page={Math.min(page, pageCount)}
              rowsPerPage={perPage}
              perPage={perPage}
              total={total}
              allowAll={false}
              onPage={(next) => setFilters({ page: next })}
              onPerPage={(size) => setFilters({ perPage: typeof size === 'number' ? size : PAGE_LIMIT_MAX })}
            />
          </div>
        </Card.Body>
      </Card>
      <LinkOrderModal dispute={linking} onHide={() => setLinking(null)} />
    </>
  );
}
