import { MSG } from '@eta/shared';
import { Loading } from './Loading.tsx';

interface TableStateRowProps {
  /** the table's column count, so the one cell spans the whole width */
  colSpan: number;
  loading: boolean;
  /** the refusal's message, shown in red */
  error?: string | null;
}

/**
 * The one row a data table shows instead of its rows: a spinner while it loads, the refusal's
 * message, or SPEC's 'No records found'. The queues, disputes and reports tables share it, so the
 * three say it alike.
 */
export function TableStateRow({ colSpan, loading, error }: TableStateRowProps) {
  return (
    <tr>
      <td colSpan={colSpan} className="p-0">
        <div className={`queue-message ${error ? 'text-danger' : 'text-secondary'}`}>
          {loading ? <Loading className="py-0" /> : (error ?? MSG.noRecords)}
        </div>
      </td>
    </tr>
  );
}
