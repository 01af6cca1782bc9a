/**
 * A tiny element builder for the public pages. They are kept free of React, Redux and Bootstrap JS:
 * React alone is about 69 kB gzipped, over the 60 kB public budget of DESIGN §11. Text is always set
 * as text (never HTML), so server values cannot inject markup.
 */
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) el.setAttribute(name, '');
    else if (typeof value === 'string') el.setAttribute(name, value);
  }
  for (const child of children) {
    if (child) el.append(child);
  }
  return el;
}

/** Only http(s) and same-site links are followed: a configured URL can never become `javascript:`. */
export function safeHref(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : '#';
  } catch {
    return '#';
  }
}
