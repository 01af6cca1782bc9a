import { REPORT_COLUMN } from '@eta/shared';
import { describe, expect, it } from 'vitest';
import { chartTable } from '../../../components/chart/chartSpec.ts';
import { countryChart, processedChart, sidewaysHeight, TOP_NATIONALITIES } from './charts.ts';

const country = (nationality: string | null, standard: number, priority: number) => ({
  nationality,
  count: standard + priority,
  standard_count: standard,
  priority_count: priority,
});

describe('the country chart', () => {
  it('keeps the top nationalities by orders, ties by name, a missing one as "-"', () => {
    const rows = [
      country('Zeta', 1, 0),
      ...Array.from({ length: 10 }, (_, i) => country(`N${String(i).padStart(2, '0')}`, 2, i)),
      country(null, 30, 0),
      country('Alpha', 1, 0),
    ];
    const spec = countryChart(rows);
    expect(spec.categories).toHaveLength(TOP_NATIONALITIES);
    expect(spec.categories).toEqual(['-', 'N09', 'N08', 'N07', 'N06', 'N05', 'N04', 'N03', 'N02', 'N01']);
    expect(chartTable(spec).rows[1]).toEqual({ category: 'N09', cells: [2, 9, 11] });
    expect(spec).toMatchObject({ stacked: true, horizontal: true, categoryHeading: REPORT_COLUMN.nationality });
  });

  it('breaks a tie by name and leaves the rows it was given alone', () => {
    const rows = [country('Beta', 1, 0), country('Alpha', 0, 1)];
    expect(countryChart(rows).categories).toEqual(['Alpha', 'Beta']);
    expect(rows.map((r) => r.nationality)).toEqual(['Beta', 'Alpha']);
  });
});

describe('the processed-by chart', () => {
  it('has one bar per member, most orders first, an unnamed member as "-"', () => {
    const spec = processedChart([
      { processed_by: 'Rita', count: 2, sla_met_percent: 50 },
      { processed_by: '', count: 1, sla_met_percent: null },
      { processed_by: 'Ann', count: 5, sla_met_percent: 100 },
    ]);
    expect(chartTable(spec)).toEqual({
      head: [REPORT_COLUMN.name, REPORT_COLUMN.count],
      rows: [
        { category: 'Ann', cells: [5] },
        { category: 'Rita', cells: [2] },
        { category: '-', cells: [1] },
      ],
    });
  });

  it('grows sideways charts with their bars, never below a readable floor', () => {
    const few = processedChart([{ processed_by: 'Ann', count: 1, sla_met_percent: 100 }]);
    const many = processedChart(
      Array.from({ length: 20 }, (_, i) => ({ processed_by: `M${i}`, count: i, sla_met_percent: null })),
    );
    expect(sidewaysHeight(few)).toBe(160);
    expect(sidewaysHeight(many)).toBe(20 * 28 + 70);
  });
});
