import { getDocumentProxy } from 'unpdf';

/** One run of text on a page as pdf.js reads it: its baseline, left edge, width and font size (points, y up). */
export interface TextBox {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/** Every page's text runs, whitespace-only runs left out. */
export async function textBoxes(bytes: Uint8Array): Promise<TextBox[][]> {
  const proxy = await getDocumentProxy(new Uint8Array(bytes));
  const pages: TextBox[][] = [];
  for (let n = 1; n <= proxy.numPages; n += 1) {
    const content = await (await proxy.getPage(n)).getTextContent();
    const items = content.items as { str: string; transform: number[]; width: number }[];
    pages.push(
      items
        .filter((i) => i.str.trim() !== '')
        .map((i) => ({
          str: i.str,
          x: i.transform[4] as number,
          y: i.transform[5] as number,
          width: i.width,
          size: Math.abs(i.transform[3] as number),
        })),
    );
  }
  return pages;
}

/** The box a run's letters take: from its descenders (g, y) to its capitals and ascenders. */
const box = (b: TextBox) => ({
  left: b.x,
  right: b.x + b.width,
  bottom: b.y - 0.25 * b.size,
  top: b.y + 0.75 * b.size,
});

/** Pairs of runs on one page whose letters are printed over each other. */
export function overlapping(page: readonly TextBox[]): [TextBox, TextBox][] {
  const found: [TextBox, TextBox][] = [];
  for (let i = 0; i < page.length; i += 1) {
    for (let j = i + 1; j < page.length; j += 1) {
      const a = box(page[i] as TextBox);
      const b = box(page[j] as TextBox);
      const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const dy = Math.min(a.top, b.top) - Math.max(a.bottom, b.bottom);
      // a little slack: letters of neighbouring runs may touch without being over each other
      if (dx > 1 && dy > 0.5) found.push([page[i] as TextBox, page[j] as TextBox]);
    }
  }
  return found;
}
