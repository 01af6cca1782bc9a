import type { ReactNode } from 'react';

interface ScrollRegionProps {
  /** what the box holds, read when it takes focus */
  label: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A box that may scroll (a wide table, a long list): it takes focus and has a name, so a keyboard
 * alone can scroll it with the arrow keys (WCAG 2.1.1; axe's `scrollable-region-focusable`). Use it
 * for Bootstrap's `table-responsive` wrapper (instead of `<Table responsive>`) and every capped box.
 */
export function ScrollRegion({ label, className, testId, children }: ScrollRegionProps) {
  return (
    // a group, not a region: the section around it is already the landmark of that name
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keys
    // biome-ignore lint/a11y/useSemanticElements: a box around a table or list, not a set of form controls
    <div role="group" className={className} tabIndex={0} aria-label={label} data-testid={testId}>
      {children}
    </div>
  );
}
