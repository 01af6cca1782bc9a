import type { UploadDocRecord } from '@eta/shared';
import { formatBytes, orDash, stamp } from '../format.ts';
import { providerLabel } from '../texts.ts';
import { DocumentCell } from './EmailHistory.tsx';

/**
 * The latest upload, which the public page serves unless it was rejected
 * (docs/decisions/0030-current-document.md).
 */
export function CurrentDocument({ doc }: { doc: UploadDocRecord }) {
  return (
    <div className="current-document" data-testid="current-document">
      <div className="current-document-name">
        <span className="text-secondary small">Current document</span>
        <span className="fw-semibold current-document-file">{doc.file1}</span>
      </div>
      <div className="current-document-meta small">
        <span className="text-secondary">
          {formatBytes(doc.size)} · {stamp(doc.created_at)} UTC · by {orDash(doc.uploaded_by)} · via{' '}
          {providerLabel(doc.mail_service_provider)}
        </span>
        <DocumentCell doc={doc} />
      </div>
    </div>
  );
}
