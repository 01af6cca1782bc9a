import { LIMIT_ALL, PAGE_SIZE_OPTIONS, pageCountOf, pageItems } from '@eta/shared';
import Form from 'react-bootstrap/Form';
import BsPagination from 'react-bootstrap/Pagination';
import './table.css';

/** Rows per page: a number, or All (SPEC §9). */
export type PerPage = number | typeof LIMIT_ALL;

interface PaginationProps {
  page: number;
  /** rows a page holds now (All already resolved to the full count) */
  rowsPerPage: number;
  perPage: PerPage;
  total: number;
  /** All is offered while a queue holds at most 1,000 orders (DESIGN §5); reports always offer it */
  allowAll: boolean;
  /** what All means, as a tooltip; none when All is always the whole list */
  allTitle?: string;
  onPage: (page: number) => void;
  onPerPage: (perPage: PerPage) => void;
}

/** SPEC §9: 10, 25, 50, 100, 500 and All a page; one sibling each side and dots; every page up to seven. */
export function Pagination(props: PaginationProps) {
  const { page, rowsPerPage, perPage, total, allowAll, allTitle, onPage, onPerPage } = props;
  const pageCount = pageCountOf(total, rowsPerPage);
  const first = total === 0 ? 0 : (page - 1) * rowsPerPage + 1;
  const last = Math.min(total, page * rowsPerPage);
  // The current choice stays listed even if the list has since grown past the All limit.
  const showAll = allowAll || perPage === LIMIT_ALL;
  // Nothing to page through: the empty texts say it all.
  if (total === 0) return null;

  return (
    <div className="queue-pagination">
      <div className="d-flex align-items-center gap-2 small text-secondary">
        <label htmlFor="queue-page-size" className="text-nowrap">
          Rows per page
        </label>
        <Form.Select
          id="queue-page-size"
          size="sm"
          className="queue-page-size"
          value={String(perPage)}
          onChange={(event) => {
            const value = event.target.value;
            onPerPage(value === LIMIT_ALL ? LIMIT_ALL : Number(value));
          }}
        >
          {PAGE_SIZE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
          {showAll && (
            <option value={LIMIT_ALL} title={allTitle}>
              All
            </option>
          )}
        </Form.Select>
        <span className="text-nowrap" data-testid="queue-range">
          Showing {first} to {last} of {total}
        </span>
      </div>
      <BsPagination size="sm" className="mb-0 flex-wrap" aria-label="Pages">
        <BsPagination.Prev disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page" />
        {pageItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <BsPagination.Item
              key={item}
              active={item === page}
              onClick={() => item !== page && onPage(item)}
              aria-label={`Page ${item}`}
            >
              {item}
            </BsPagination.Item>
          ) : (
            <BsPagination.Ellipsis key={item} disabled />
          ),
        )}
        <BsPagination.Next disabled={page >= pageCount} onClick={() => onPage(page + 1)} aria-label="Next page" />
      </BsPagination>
    </div>
  );
}
