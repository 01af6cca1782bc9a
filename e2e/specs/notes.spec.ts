import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiAs, DEMO, DEMO_PASSWORD, signIn, uniqueEmail } from '../fixtures.ts';
import { ingestOrders, makeOrders, orderRef, uniqueTag } from '../orders.ts';

/** DESIGN §23: a note on an order someone else holds, a mention in it, and the holder's bell. */
async function member(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test('a telecaller notes an order another member holds, mentions her, and her bell shows it', async ({
  browser,
  baseURL,
  request,
}) => {
  // three members sign in through the real screen, two in browsers: Playwright's slow mark (3× the time-out)
  test.slow();
  // A Team member of this test's own holds a fresh order.
  const tag = uniqueTag();
  const holderName = `Holly ${tag}`;
  const holderEmail = uniqueEmail('holly');
  const admin = await apiAs(baseURL as string, DEMO.admin);
  const added = await admin.post('/api/admin/add-team-member', {
    data: { name: holderName, email: holderEmail, password: DEMO_PASSWORD, type: 'Team' },
  });
  expect(added.status()).toBe(201);
  await admin.dispose();
  const [orderId] = (await ingestOrders(request, makeOrders(tag, 1))) as [string];
  const holderApi = await apiAs(baseURL as string, holderEmail);
  expect((await holderApi.put('/api/admin/assign-order-status', { data: { orderId: [orderId] } })).ok()).toBe(true);
  await holderApi.dispose();

  // Holly is signed in elsewhere, with nothing unread.
  const holly = await member(browser, holderEmail);
  const bell = holly.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // The telecaller opens it: the moves wait for Holly, the remark box does not.
  const tom = await member(browser, DEMO.telecaller);
  await tom.goto(`/admin/view-order/${orderRef(orderId)}`);
  const warning = tom.getByRole('alert').filter({ hasText: `This order is assigned to ${holderName}.` });
  // the first paint of the detail on a busy CI host: an upper bound, not a measure
  await expect(warning).toContainText('You can still leave a remark', { timeout: 30_000 });
  await expect(tom.getByRole('button', { name: 'Contact Customer' })).toBeDisabled();
  const remark = tom.getByRole('textbox', { name: 'Remark' });
  await expect(remark).toBeEnabled();

  // "@Hol" offers Holly; Enter writes her whole name.
  await remark.pressSequentially('Customer called about the photo, @Hol');
  const suggestion = tom.getByRole('option', { name: holderName });
  await expect(suggestion).toBeVisible();
  await remark.press('Enter');
  await expect(remark).toHaveValue(`Customer called about the photo, @${holderName} `);
  await remark.pressSequentially('please check');
  await tom.getByRole('checkbox', { name: 'Telephone' }).check();
  await tom.getByRole('button', { name: 'Save Comment' }).click();
  await expect(tom.getByText('Tom Telecaller').first()).toBeVisible();
  await expect(remark).toHaveValue('');

  // Holly's bell counts it without a reload; opening it goes to the order and reads it.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const item = holly.getByRole('button', { name: new RegExp(`Tom Telecaller mentioned you on ${orderId}`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText(`@${holderName} please check`);
  await item.click();
  await expect(holly).toHaveURL(new RegExp(`/admin/view-order/${orderRef(orderId)}$`));
  await expect(bell).toHaveAccessibleName('Notifications');
  // her Comment History shows the note
  await expect(
    holly.getByRole('cell', { name: `Customer called about the photo, @${holderName} please check` }),
  ).toBeVisible();
});
