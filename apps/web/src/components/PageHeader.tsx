import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle.ts';

/** Sets the document title and shows the screen heading, so the two never drift apart. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="page-header d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 className="h4 mb-0">{title}</h1>
      {children}
    </div>
  );
}
