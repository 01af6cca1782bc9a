/** What app.ts may use of monitoring (DESIGN §13, §19: everything else is its own). */
export { type MetricsSources, registerMetrics } from './metrics.ts';
export { registerReadiness } from './readiness.ts';
