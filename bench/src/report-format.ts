/** How the bench report writes numbers and rows (report.ts and the DESIGN §20 rows of report-live.ts). */

export const ms = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));
export const int = (n: number) => Math.round(n).toLocaleString('en');
export const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
export const pass = (ok: boolean) => (ok ? 'pass' : '**FAIL**');

export interface Row {
  figure: string;
  value: string;
  bare: string;
  budget: string;
  result: string;
}
