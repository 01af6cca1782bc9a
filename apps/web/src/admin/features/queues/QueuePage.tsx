import {
  FILTERED_COUNT_CAP,
  type FolderDef,
  isFollowUpStatus,
  LIMIT_ALL,
  LIMIT_ALL_MAX,
  mayOverrideHold,
  PAGE_LIMIT_MAX,
  pageCountOf,
  type SavedView,
} from '@eta/shared';

/** The Awaiting queues' "Follow-up day first": soonest first, orders without a day last (the server's rule). */
const FOLLOW_UP_SORT = 'follow_up_on';

import type { RowSelectionState, SortingState, Updater } from '@tanstack/react-table';
import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { useAnnounce } from '../../../components/LiveAnnouncer.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { ScreenSkipLink } from '../../../components/SkipLinks.tsx';
import { baseApi } from '../../../store/baseApi.ts';
import { selectUser, useAppDispatch, useAppSelector } from '../../../store/index.ts';
import { selectLiveReconnects } from '../../../store/liveSlice.ts';
import {
  clearOrdersList,
  selectCount,
  selectSelectedData,
  setSelectedData,
  showOrdersList,
} from '../../../store/orderSlice.ts';
import { newOrdersText, useQueueLive } from '../live/index.ts';
import { DeleteViewButton, SaveViewButton } from '../views/index.ts';
import { type QueueArgs, useGetQueueQuery } from './api.ts';
import { BulkActions } from './BulkActions.tsx';
import { queueColumns } from './columns.tsx';
import { FilterBar } from './FilterBar.tsx';
import { MoveToMenu } from './MoveToMenu.tsx';
import { NextOrderButton } from './NextOrderButton.tsx';
import { QUEUE_ROWS_ID, QueueTable } from './QueueTable.tsx';
import { selectOrdersList, selectOrdersListRefusal, selectOrdersListReply } from './selectors.ts';
import { useLiveRows } from './useLiveRows.ts';
import { CONFIRM_TEXT, confirmDetail, useQueueActions } from './useQueueActions.ts';
import { useQueueKeys } from './useQueueKeys.ts';
import { type QueueParams, useQueueParams } from './useQueueParams.ts';
import { queueView } from './views.ts';
import './queue.css';

const resolve = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

const NO_FILTERS = {};

/**
 * One order queue of SPEC §2, for any folder of FOLDERS (SPEC's fifteen and Overdue Orders); mounted
 * afresh per folder (router key). A saved view (DESIGN §23) is its folder's queue with the view's
 * filters and sort as its defaults, and the view's name as its title.
 */
export function QueuePage({ folder, savedView }: { folder: FolderDef; savedView?: SavedView }) {
  const dispatch = useAppDispatch();
  const role = useAppSelector((state) => state.auth.role);
  const userName = useAppSelector(selectUser)?.name ?? '';
  const selectedData = useAppSelector(selectSelectedData);
  const viewSort = savedView?.sort;
  const defaultSort = useMemo(
    () => (viewSort ? { sort: viewSort.column, order: viewSort.order } : folder.view.defaultSort),
    [viewSort, folder.view.defaultSort],
  );
  const [params, setParams] = useQueueParams(defaultSort, savedView?.filters ?? NO_FILTERS);
  const { filters } = params;
  const filtered = Object.keys(filters).length > 0;
  const view = useMemo(() => queueView(folder, role), [folder, role]);

  // A search reads one window of at most 500 rows, so All there means 500 a page.
  const perPage = params.search && params.perPage === LIMIT_ALL ? PAGE_LIMIT_MAX : params.perPage;
  const { page, sort, order, search } = params;
  const args = useMemo<QueueArgs>(
    () => ({ page, perPage, sort, order, search, folderName: folder.name, userName, filters }),
    [page, perPage, sort, order, search, folder.name, userName, filters],
  );
  // Several members work the same queues: entering one always asks the server afresh.
  const list = useGetQueueQuery(args, { refetchOnMountOrArgChange: true });
  // SPEC §3 ordersList: the rows live in the cache; the slice says which page is shown. A page is
  // shown once its reply is in, so the last one stays on screen (dimmed) while the next loads.
  // Layout effects, so no frame is painted with another page's rows.
  const answered = list.currentData !== undefined || list.isError;
  useLayoutEffect(() => {
    if (answered) dispatch(showOrdersList(args));
  }, [answered, args, dispatch]);
  useLayoutEffect(() => () => void dispatch(clearOrdersList()), [dispatch]);
  const envelope = useAppSelector(selectOrdersListReply);
  const rows = useAppSelector(selectOrdersList);
  const ok = envelope !== undefined;
  // DESIGN §22: a folder's total is the sidebar's count (the server's list total is that count too),
  // so both move together with the live stream; a search keeps its own total.
  const folderCount = useAppSelector(selectCount)[folder.countField];
  // Filtered, the total is the server's filtered count, which stops at FILTERED_COUNT_CAP (DESIGN §23).
  const total = ok ? ((search || filtered ? undefined : folderCount) ?? envelope.total ?? rows.length) : 0;
  const error = useAppSelector(selectOrdersListRefusal);
  const rowsPerPage = perPage === LIMIT_ALL ? Math.max(total, 1) : perPage;

  // Working live (DESIGN §18, §22): changed rows show where their orders stand now (or leave), others'
  // changes are marked; arrivals wait for "N new orders, show".
  useLiveRows(args, folder);
  const live = useQueueLive(folder, rows, list.fulfilledTimeStamp, userName);
  useAnnounce(live.arrivals > 0 ? newOrdersText(live.arrivals) : null);
  const reconnects = useAppSelector(selectLiveReconnects);
  const { refetch } = list;
  useEffect(() => {
    // the stream was lost and is back: what it missed is read afresh
    if (reconnects > 0) void refetch();
  }, [reconnects, refetch]);

  const actions = useQueueActions(args);
  const onDelete = useCallback((order: { order_id: string }) => actions.ask('delete', [order.order_id]), [actions.ask]);
  const columns = useMemo(() => queueColumns({ view, onDelete }), [view, onDelete]);
  useQueueKeys(
    view.bulk.includes('assign') ? (ids) => actions.ask('assign', ids) : null,
    selectedData.map((s) => s.id),
  );

  // A selection belongs to the rows on screen: another page, order or search starts with none.
  const windowKey = `${params.page}|${perPage}|${params.sort}|${params.order}|${params.search}|${JSON.stringify(filters)}`;
  useEffect(() => {
    void windowKey;
    dispatch(setSelectedData([]));
  }, [windowKey, dispatch]);

  // Rows can vanish on a refetch (another member took or moved them): never act on what is not shown.
  useEffect(() => {
    const shown = new Set(rows.map((r) => r.order_id));
    if (selectedData.some((s) => !shown.has(s.id)))
      dispatch(setSelectedData(selectedData.filter((s) => shown.has(s.id))));
  }, [rows, selectedData, dispatch]);

  // Past the last page (its rows were deleted or moved away): show the new last page instead.
  const pageCount = pageCountOf(total, rowsPerPage);
  useEffect(() => {
    if (ok && !list.isFetching && params.page > pageCount) setParams({ page: pageCount });
  }, [ok, list.isFetching, params.page, pageCount, setParams]);

  const rowSelection: RowSelectionState = Object.fromEntries(selectedData.map((s) => [s.id, true]));
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    const next = resolve(updater, rowSelection);
    dispatch(
      setSelectedData(rows.filter((r) => next[r.order_id]).map((r) => ({ id: r.order_id, status: r.process_status }))),
    );
  };
  const sorting: SortingState = [{ id: params.sort, desc: params.order === 'desc' }];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const [next] = resolve(updater, sorting);
    if (next) setParams({ sort: next.id as QueueParams['sort'], order: next.desc ? 'desc' : 'asc', page: 1 });
  };
  const onSearch = useCallback((search: string) => setParams({ search, page: 1 }), [setParams]);
  const onFilters = useCallback((next: Record<string, string>) => setParams({ filters: next, page: 1 }), [setParams]);
  // the sort kept with a saved view: the member's own, unless it is the folder's
  const folderSort = folder.view.defaultSort;
  const keptSort =
    params.sort === folderSort.sort && params.order === folderSort.order
      ? null
      : { column: params.sort, order: params.order };

  // SPEC §2 Refresh: the page's data afresh (list and counts), without losing the page or search.
  const refresh = () => {
    dispatch(setSelectedData([]));
    void list.refetch();
    dispatch(baseApi.util.invalidateTags(['Counts']));
  };

  return (
    <>
      {/* WCAG 2.4.1: from the top of the page to the first order in two key presses */}
      <ScreenSkipLink targetId={QUEUE_ROWS_ID} label="Skip to the orders" />
      <PageHeader title={savedView?.name ?? folder.title}>
        <NextOrderButton folder={folder} />
        <SaveViewButton folderName={folder.name} filters={filters} sort={keptSort} />
        {savedView && <DeleteViewButton view={savedView} />}
        <Button variant="outline-primary" size="sm" onClick={refresh} disabled={list.isFetching}>
          {list.isFetching && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
          Refresh
        </Button>
      </PageHeader>
      <Card className="queue-card shadow-sm border-0">
        <Card.Body>
          <FilterBar
            filters={filters}
            onChange={onFilters}
            followUpOrder={
              folder.statuses?.some(isFollowUpStatus)
                ? {
                    on: params.sort === FOLLOW_UP_SORT,
                    onChange: (on) =>
                      setParams(on ? { sort: FOLLOW_UP_SORT, order: 'asc', page: 1 } : { ...folderSort, page: 1 }),
                  }
                : undefined
            }
          />
          {filtered && total >= FILTERED_COUNT_CAP && (
            <p className="small text-body-secondary mb-2">
              More than {FILTERED_COUNT_CAP.toLocaleString('en-GB')} orders match: the first{' '}
              {FILTERED_COUNT_CAP.toLocaleString('en-GB')} are shown.
            </p>
          )}
          <div className="queue-toolbar">
            <BulkActions
              actions={view.bulk}
              selected={selectedData.length}
              busy={actions.busy}
              onAction={(action) => {
                const chosen = rows.filter((r) => selectedData.some((s) => s.id === r.order_id));
                actions.ask(
                  action,
                  selectedData.map((s) => s.id),
                  {
                    statuses: selectedData.map((s) => s.status),
                    // only Admin and Manager take over (a Team member's assign reports them as conflicts)
                    holders:
                      role !== null && mayOverrideHold(role)
                        ? chosen.filter((r) => r.assign_to !== '' && !r.assigned_to_me).map((r) => r.assign_to)
                        : [],
                  },
                );
              }}
            />
            <MoveToMenu selected={selectedData} role={role} />
            {live.arrivals > 0 && (
              <Button variant="outline-info" size="sm" className="live-arrivals" onClick={refresh}>
                {newOrdersText(live.arrivals)}
              </Button>
            )}
            <SearchBox value={params.search} onSearch={onSearch} />
          </div>
          <QueueTable
            label={folder.title}
            rows={rows}
            columns={columns}
            sorting={sorting}
            onSortingChange={onSortingChange}
            rowSelection={rowSelection}
            onRowSelectionChange={onRowSelectionChange}
            changed={live.changed}
            loading={list.isLoading}
            refreshing={list.isFetching && !list.isLoading}
            error={error}
          />
          <Pagination
            page={Math.min(params.page, pageCount)}
            rowsPerPage={rowsPerPage}
            perPage={params.perPage}
            total={total}
            allowAll={total <= LIMIT_ALL_MAX}
            allTitle={`Up to ${LIMIT_ALL_MAX.toLocaleString('en-GB')} orders`}
            onPage={(page) => setParams({ page })}
            onPerPage={(size) => setParams({ perPage: size, page: 1 })}
          />
        </Card.Body>
      </Card>
      <ConfirmModal
        show={actions.open}
        message={actions.pending ? CONFIRM_TEXT[actions.pending.action] : undefined}
        detail={actions.pending ? confirmDetail(actions.pending) : undefined}
        variant={actions.pending?.action === 'delete' ? 'danger' : 'primary'}
        busy={actions.busy}
        onConfirm={actions.confirm}
        onCancel={actions.cancel}
      />
    </>
  );
}
