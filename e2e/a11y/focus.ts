/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// (the functions given to page.evaluate run in the browser)
import { expect, type Page } from '@playwright/test';

/** What the keyboard has reached, and whether a sighted member can see it (DESIGN §24). */
export interface FocusInfo {
  tag: string;
  id: string;
  /** the accessible-ish name: aria-label, else the text, else the value */
  name: string;
  href: string | null;
  /** an outline at least 2 px wide, or a box shadow, is drawn around it */
  ringed: boolean;
  /** inside the window: wholly, or at least 16 px of it each way when it is larger */
  inView: boolean;
  /** nothing else (a sticky header, the sticky Action column, the top bar) is on top of it */
  uncovered: boolean;
}

export async function focusInfo(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { tag: 'body', id: '', name: '', href: null, ringed: false, inView: false, uncovered: false };
    const style = getComputedStyle(el);
    const ringed =
      (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
    const r = el.getBoundingClientRect();
    // the part of it inside the window (a tall list or region may be partly scrolled off, which
    // WCAG 2.4.11 allows); a control is normally wholly inside
    const top = Math.max(r.top, 0);
    const left = Math.max(r.left, 0);
    const bottom = Math.min(r.bottom, window.innerHeight);
    const right = Math.min(r.right, window.innerWidth);
    const seen = { w: right - left, h: bottom - top };
    const inView = seen.w >= Math.min(r.width, 16) - 0.5 && seen.h >= Math.min(r.height, 16) - 0.5;
    // five points across that part: each must hit the element (or its own content, or its label)
    const points = [
      [0.5, 0.5],
      [0.25, 0.25],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
    ];
    const uncovered =
      inView &&
      points.every(([fx, fy]) => {
        const hit = document.elementFromPoint(left + seen.w * (fx as number), top + seen.h * (fy as number));
        return hit !== null && (el.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === el));
      });
    const name = (el.getAttribute('aria-label') ?? el.innerText ?? (el as HTMLInputElement).value ?? '').trim();
    return { tag: el.tagName.toLowerCase(), id: el.id, name, href: el.getAttribute('href'), ringed, inView, uncovered };
  });
}

/**
 * The focus is on something, ringed, in view and not covered. Polled: Bootstrap scrolls smoothly
 * (`scroll-behavior: smooth`), so a control reached by Tab may still be on its way into view.
 */
export async function expectVisibleFocus(page: Page, step: string): Promise<FocusInfo> {
  let info = await focusInfo(page);
  const where = () => `${step}: focus on <${info.tag}${info.id ? ` id=${info.id}` : ''}> "${info.name.slice(0, 60)}"`;
  await expect
    .poll(
      async () => {
        info = await focusInfo(page);
        return { focused: info.tag !== 'body', ringed: info.ringed, inView: info.inView, uncovered: info.uncovered };
      },
      { message: `${step}: the focus is on a control, ringed, in the window and not covered` },
    )
    .toEqual({ focused: true, ringed: true, inView: true, uncovered: true })
    .catch((error: Error) => {
      throw new Error(`${where()}: ${JSON.stringify(info)}\n${error.message}`);
    });
  return info;
}

/**
 * Presses Tab (or Shift+Tab) until the focus is on what `wanted` accepts, checking at every stop
 * that the focus can be seen. Returns how many presses it took.
 */
export async function tabUntil(
  page: Page,
  wanted: (info: FocusInfo) => boolean,
  { back = false, max = 80, step = 'Tab' }: { back?: boolean; max?: number; step?: string } = {},
): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const info = await expectVisibleFocus(page, `${step}, press ${presses}`);
    if (wanted(info)) return presses;
  }
  throw new Error(`${step}: not reached in ${max} presses`);
}
