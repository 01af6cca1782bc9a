import { expect, type Page, test } from '@playwright/test';
import { axeFailures } from '../a11y/axe.ts';
import { type A11yFacts, gatherFacts } from '../a11y/facts.ts';
import { A11Y_PAGES, type A11yPage } from '../a11y/pages.ts';
import { signInByToken } from '../a11y/session.ts';

/**
 * WCAG 2.2 AA, held by CI (DESIGN §24): axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules over every
 * page of A11Y_PAGES (a11y/pages.ts), each with real data in it, as each viewer whose screen differs.
 * Any violation fails the page's test, naming the rule, the target and the page.
 */

// axe over a whole screen on a busy machine: an upper bound, not a timing
test.describe.configure({ timeout: 150_000 });

let facts: A11yFacts;

test.beforeAll(async ({ baseURL }) => {
  facts = await gatherFacts(baseURL as string);
});

async function open(page: Page, entry: A11yPage): Promise<void> {
  await page.goto(entry.path(facts));
  // an upper bound for a busy machine, not a timing: the screen's chunk loads on first use
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  await entry.ready?.(page);
  await entry.act?.(page, facts);
}

for (const entry of A11Y_PAGES) {
  for (const viewer of entry.as) {
    test(`${entry.name} as ${viewer}: no WCAG 2.2 AA violation`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width: entry.width ?? 1280, height: 900 });
      if (viewer !== 'customer') await signInByToken(page, baseURL as string, viewer);
      await open(page, entry);
      const failures = await axeFailures(page, `${entry.name} as ${viewer} (${page.url()})`);
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
}
