import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';

/** A screen whose route exists so navigation works; the queue issue replaces it. */
export function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert variant="light" className="border">
        {children}
        <p className="mb-0 text-secondary">{WEB_TEXT.comingSoon}</p>
      </Alert>
    </>
  );
}
