import type { FolderDef } from '@eta/shared';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useAppSelector } from '../../../store/index.ts';

/**
 * One order queue (SPEC §2), mounted with key={folder.name} so each folder starts fresh.
 * Placeholder until the queue issue adds the table, paging, search and bulk actions.
 */
export function FolderPage({ folder }: { folder: FolderDef }) {
  const total = useAppSelector((state) => state.order.count[folder.countField]);
  return (
    <>
      <PageHeader title={folder.title}>
        {/* SPEC §2: every queue screen has a Refresh button that reloads the page. */}
        <Button variant="outline-primary" size="sm" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      </PageHeader>
      <Alert variant="light" className="border">
        {total !== undefined && (
          <p className="mb-1">
            <strong>{total}</strong> {total === 1 ? 'order' : 'orders'} in this folder.
          </p>
        )}
        <p className="mb-0 text-secondary">{WEB_TEXT.comingSoon}</p>
      </Alert>
    </>
  );
}
