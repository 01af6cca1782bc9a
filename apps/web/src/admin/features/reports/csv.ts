import { type CsvCell, toCsv } from '@eta/shared';

/**
 * Saves a CSV in the browser. A UTF-8 byte order mark first, so spreadsheet programs read names
 * such as Côte d'Ivoire correctly rather than guessing a legacy code page.
 */
export function downloadCsv(fileName: string, header: readonly string[], rows: readonly (readonly CsvCell[])[]) {
  const blob = new Blob([`\uFEFF${toCsv(header, rows)}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
