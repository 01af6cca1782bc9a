import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { ChartSpec } from './chartSpec.ts';
import { GRID_COLOUR, HATCH_COLOUR, SERIES_STYLES, TEXT_COLOUR } from './palette.ts';

// Only the pieces a bar chart needs: the rest of Chart.js stays out of the chunk.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Diagonal stripes over the fill, so the hatched series differs from its neighbour without colour. */
function hatch(fill: string): CanvasPattern | string {
  const tile = document.createElement('canvas');
  tile.width = 8;
  tile.height = 8;
  const ctx = tile.getContext('2d');
  if (!ctx) return fill;
  ctx.fillStyle = fill;
  ctx.fillRect(0, 0, 8, 8);
  ctx.strokeStyle = HATCH_COLOUR;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(0, 8);
  ctx.lineTo(8, 0);
  ctx.moveTo(-2, 2);
  ctx.lineTo(2, -2);
  ctx.moveTo(6, 10);
  ctx.lineTo(10, 6);
  ctx.stroke();
  return ctx.createPattern(tile, 'repeat') ?? fill;
}

function configOf(spec: ChartSpec): ChartConfiguration<'bar'> {
  const value = {
    stacked: spec.stacked,
    beginAtZero: true,
    // A rate's scale is the whole 0 to 100, so a 50% bar looks like half whatever its neighbours.
    ...(spec.percent ? { min: 0, max: 100 } : {}),
    ticks: { precision: 0, color: TEXT_COLOUR },
  };
  const category = { stacked: spec.stacked, grid: { display: false }, ticks: { color: TEXT_COLOUR } };
  return {
    type: 'bar',
    data: {
      labels: [...spec.ticks],
      datasets: spec.series.map((series, i) => {
        const style = SERIES_STYLES[i % SERIES_STYLES.length] ?? SERIES_STYLES[0];
        return {
          label: series.label,
          data: [...series.values],
          backgroundColor: style.hatched ? hatch(style.fill) : style.fill,
          borderColor: style.border,
          borderWidth: 1,
        };
      }),
    },
    options: {
      indexAxis: spec.horizontal ? 'y' : 'x',
      maintainAspectRatio: false,
      // Charts here are read for their numbers: no motion (and nothing for reduced-motion users to stop).
      animation: false,
      scales: {
        x: { ...(spec.horizontal ? value : category), grid: { color: GRID_COLOUR } },
        y: { ...(spec.horizontal ? category : value), grid: { color: GRID_COLOUR } },
      },
      plugins: {
        legend: { display: spec.series.length > 1, position: 'top', labels: { color: TEXT_COLOUR } },
        tooltip: { callbacks: { title: (items) => spec.categories[items[0]?.dataIndex ?? 0] ?? '' } },
      },
    },
  };
}

/** The Chart.js canvas: thin on purpose (jsdom has no canvas); the spec's shaping is tested instead. */
export function BarChart({ spec, summary }: { spec: ChartSpec; summary: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, configOf(spec));
    return () => chart.destroy();
  }, [spec]);
  return (
    <canvas ref={canvas} role="img" aria-label={summary}>
      {summary}
    </canvas>
  );
}
