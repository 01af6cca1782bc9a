import { Component, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import BsTable from 'react-bootstrap/Table';
import { lazyPage } from '../../lib/lazyPage.ts';
import { Loading } from '../Loading.tsx';
import { type ChartSpec, chartSummary, chartTable } from './chartSpec.ts';
import './chart.css';

// Chart.js loads only when a chart is first drawn: never part of the admin first load (DESIGN §11).
const BarChart = lazyPage(() => import('./BarChart.tsx').then((m) => m.BarChart));

export const CHART_TEXT = {
  showTable: 'Show as table',
  hideTable: 'Hide table',
  chartFailed: 'The chart could not be drawn; its numbers are in the table.',
} as const;

/** A chart chunk that fails to load must not take the screen down: the table still has the numbers. */
class ChartBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? (
      <p className="text-secondary small mb-0">{CHART_TEXT.chartFailed}</p>
    ) : (
      this.props.children
    );
  }
}

interface ChartPanelProps {
  spec: ChartSpec;
  /** height of the drawing area in px (sideways bars grow with their number) */
  height: number;
  /** controls beside the caption, such as the dashboard's Day / Week / Month switch */
  actions?: ReactNode;
  testId?: string;
}

/**
 * A chart with its numbers (DESIGN §21): the canvas is an image with a spoken summary, and a
 * "Show as table" button (a real button: keyboard and screen readers reach it) opens a real table of
 * every number. Print always shows the table (chart.css).
 */
export function ChartPanel({ spec, height, actions, testId }: ChartPanelProps) {
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const captionId = useId();
  const table = useMemo(() => chartTable(spec), [spec]);
  const summary = useMemo(() => chartSummary(spec), [spec]);
  return (
    <figure className="chart-panel" aria-labelledby={captionId} data-testid={testId}>
      <div className="chart-head">
        <figcaption id={captionId} className="chart-title">
          {spec.title}
        </figcaption>
        <div className="chart-actions">
          {actions}
          <Button
            variant="outline-secondary"
            size="sm"
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {tableShown ? CHART_TEXT.hideTable : CHART_TEXT.showTable}
          </Button>
        </div>
      </div>
      <div className="chart-canvas" style={{ height }}>
        <ChartBoundary onError={() => setTableShown(true)}>
          <Suspense fallback={<Loading />}>
            <BarChart spec={spec} summary={summary} />
          </Suspense>
        </ChartBoundary>
      </div>
      {/* A region that scrolls takes focus, so the keyboard can scroll it (WCAG 2.1.1). */}
      <section
        id={tableId}
        className={`chart-table${tableShown ? '' : ' chart-table-closed'}`}
        tabIndex={tableShown ? 0 : -1}
        aria-label={spec.title}
      >
        <BsTable size="sm" className="mb-0">
          <caption className="visually-hidden">{spec.title}</caption>
          <thead>
            <tr>
              {table.head.map((heading, i) => (
                <th key={heading} scope="col" className={i > 0 ? 'text-end' : undefined}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, i) => (
              // Categories repeat only by accident (two members of one name): the index keeps keys apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are rebuilt whole from each reply
              <tr key={i}>
                <th scope="row">{row.category}</th>
                {row.cells.map((cell, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its column
                  <td key={j} className="text-end">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </BsTable>
      </section>
    </figure>
  );
}
