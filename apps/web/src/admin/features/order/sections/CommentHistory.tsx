import { type Flag, MSG, type RemarkRecord } from '@eta/shared';
import Table from 'react-bootstrap/Table';
import { DetailSection } from '../../../../components/DetailSection.tsx';
import { ScrollRegion } from '../../../../components/ScrollRegion.tsx';
import { orDash } from '../format.ts';

/** SPEC §3: each flag shows N when empty. */
const flagText = (flag: Flag | null | undefined) => (flag === 'Y' ? 'Y' : 'N');

const FLAGS = [
  ['whatsapp', 'Whatsapp'],
  ['telephone', 'Telephone'],
  ['status_refund', 'Refund'],
  ['voided', 'Voided'],
  ['chargeback', 'Chargeback'],
  // SPEC §3's remark record carries report_error too; no checkbox sets it, so it shows N unless a
  // remark came in with it (add-new-remark accepts reportError).
  ['report_error', 'Report Error'],
] as const satisfies readonly (readonly [keyof RemarkRecord, string])[];

/** Section 10 of SPEC §2: the remarks, newest first, dated on the US Eastern clock as saved. */
export function CommentHistory({ remarks }: { remarks: readonly RemarkRecord[] }) {
  return (
    <DetailSection id="comment-history" title="Comment History" flush>
      <ScrollRegion className="table-responsive" label="Comment History">
        <Table className="detail-table stack-sm mb-0" data-testid="comment-history">
          <thead>
            <tr>
              <th scope="col">Date (ET)</th>
              <th scope="col">Team</th>
              <th scope="col">Remark</th>
              {FLAGS.map(([key, label]) => (
                <th key={key} scope="col" className="flag-cell flag-col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {remarks.length === 0 ? (
              <tr className="empty-row">
                <td colSpan={3 + FLAGS.length} className="empty-cell text-secondary py-3">
                  {MSG.noRecord}
                </td>
              </tr>
            ) : (
              remarks.map((r) => (
                <tr key={r.id}>
                  <td data-label="Date & Time" className="nowrap">
                    <div>
                      {orDash(r.us_date)}
                      <br />
                      <span className="text-secondary">{orDash(r.us_time)}</span>
                    </div>
                  </td>
                  <td data-label="Team">{orDash(r.remark_name)}</td>
                  <td data-label="Remark" className="remark-text">
                    {r.remark}
                  </td>
                  {FLAGS.map(([key, label]) => (
                    <td key={key} data-label={label} className={`flag-cell flag-${flagText(r[key])}`}>
                      {flagText(r[key])}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </ScrollRegion>
    </DetailSection>
  );
}
