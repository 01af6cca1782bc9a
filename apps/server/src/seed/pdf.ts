/** Printable ASCII only, with PDF's string delimiters escaped: Helvetica of a hand-made PDF has no more. */
const pdfString = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, '\\$&');

/**
 * A valid one-page PDF of a few lines (the first as a title), made in code like png.ts's images, so
 * the demo ships no binary files: the demo's eTA documents. Its cross-reference table is exact, so
 * readers and the defence pack's assembly (pdf-lib) take it as it is.
 */
export function textPdf(lines: readonly string[]): Buffer {
  const content = lines
    .map((line, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 40 ${250 - i * 24} Td (${pdfString(line)}) Tj ET`)
    .join('\n');
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 420 297]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${content.length}>>\nstream\n${content}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  // every character is ASCII, so string offsets are byte offsets
  return Buffer.from(pdf, 'latin1');
}
