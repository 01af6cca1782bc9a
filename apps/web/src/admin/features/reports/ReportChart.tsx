import { useMemo } from 'react';
import { ChartPanel } from '../../../components/chart/ChartPanel.tsx';
import type { ChartSpec } from '../../../components/chart/chartSpec.ts';
import { sidewaysHeight } from './charts.ts';

/** A report's chart from the rows its table shows; the spec is rebuilt only when the rows change. */
export function ReportChart<Row>({
  rows,
  shape,
  testId,
}: {
  rows: Row[];
  shape: (rows: Row[]) => ChartSpec;
  testId: string;
}) {
  const spec = useMemo(() => shape(rows), [rows, shape]);
  return <ChartPanel spec={spec} height={sidewaysHeight(spec)} testId={testId} />;
}
