import { TREND_GROUPS, type TrendGroup } from '@eta/shared';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Card from 'react-bootstrap/Card';
import { ChartPanel } from '../../../components/chart/ChartPanel.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useGetOrderTrendQuery } from './api.ts';
import { TREND_WINDOWS, trendChart } from './trend.ts';

const CHART_HEIGHT_PX = 280;
export const GROUP_SWITCH_LABEL = 'Group orders by';

/** DESIGN §21: orders per period under the dashboard's tiles, standard and priority stacked. */
export function OrderTrend() {
  const [groupBy, setGroupBy] = useState<TrendGroup>('day');
  // currentData, not data: while another grouping loads, the last one's rows must not take its labels.
  const { currentData, error, isFetching } = useGetOrderTrendQuery(groupBy);
  // a refusal keeps an older success as its data: none is drawn then
  const rows = error ? null : (currentData?.data ?? null);
  const spec = useMemo(() => (rows ? trendChart(rows, groupBy) : null), [rows, groupBy]);

  const switcher = (
    <ButtonGroup size="sm" aria-label={GROUP_SWITCH_LABEL}>
      {TREND_GROUPS.map((group) => (
        <Button
          key={group}
          variant={group === groupBy ? 'primary' : 'outline-primary'}
          aria-pressed={group === groupBy}
          onClick={() => setGroupBy(group)}
        >
          {TREND_WINDOWS[group].button}
        </Button>
      ))}
    </ButtonGroup>
  );

  let body = <Loading />;
  if (error) body = <p className="text-danger mb-0">{error.message || WEB_TEXT.networkError}</p>;
  return (
    <Card className="shadow-sm border-0 mt-4" aria-busy={isFetching}>
      <Card.Body>
        {spec ? (
          <ChartPanel spec={spec} height={CHART_HEIGHT_PX} actions={switcher} testId="order-trend" />
        ) : (
          <>
            <div className="chart-head">
              <span className="chart-title">{TREND_WINDOWS[groupBy].title}</span>
              {switcher}
            </div>
            <div style={{ height: CHART_HEIGHT_PX }}>{body}</div>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
