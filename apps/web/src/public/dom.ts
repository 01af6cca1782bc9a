/**
 * A tiny element builder for the public pages. They are kept free of React, Redux and Bootstrap JS:
 * React alone is about 69 kB gzipped, over the 60 kB public budget of DESIGN §11.
 */
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  for (const child of children) {
    if (child) el.append(child);
  }
  return el;
}
