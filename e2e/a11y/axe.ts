/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// (the functions given to page.evaluate run in the browser)
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The rule set: every axe-core rule tagged for WCAG 2.0, 2.1 and 2.2 at levels A and AA
 * (docs/accessibility.md). Best practices (tagged `best-practice`) are not in it: they are not WCAG.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/**
 * Settled: no 'Loading...' and nothing aria-busy on screen, and no transition still running (a modal
 * fading in is checked at its final colours, not half-transparent).
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.modal.fade:not(.show), .modal-backdrop.fade:not(.show)')).toHaveCount(0);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** One line per failing node: rule, impact, what axe says, the target, and the page it was on. */
export function describeViolations(
  where: string,
  violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'],
): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `[${where}] ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n    target: ${node.target.join(' ')}\n    ${node.failureSummary?.replaceAll('\n', '\n    ') ?? ''}`,
    ),
  );
}

/**
 * A mail shown in a frame (the approval mail's preview, a conversation's HTML mail) is the mail's own
 * content, sandboxed with no permission: no script runs in it, so axe cannot be injected and
 * Playwright's evaluate in it never returns. The frame element itself (its title) is still checked.
 */
const MAIL_FRAMES = 'iframe[sandbox=""]';

/** Runs the rule set over the whole document and returns the failures, described. */
export async function axeFailures(page: Page, where: string): Promise<string[]> {
  await settled(page);
  const result = await new AxeBuilder({ page })
    .withTags([...WCAG_TAGS])
    .exclude(MAIL_FRAMES)
    .analyze();
  return describeViolations(where, result.violations);
}
