import { ADMIN_ROUTE, folderRoute } from '@eta/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SkipLinks, useFocusFromTheTop } from './SkipLinks.tsx';

afterEach(cleanup);

const NEW_ORDERS = folderRoute('recent-order');

let go: (path: string) => void = () => {};

/** A shell in small: the skip links, a field in the top bar and a link in the menu. */
function Shell() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  go = (path) => void navigate(path);
  useFocusFromTheTop(pathname);
  return (
    <>
      <SkipLinks />
      <input aria-label="Find" />
      <a href={NEW_ORDERS}>New Orders</a>
    </>
  );
}

function renderShell() {
  render(
    <MemoryRouter initialEntries={[ADMIN_ROUTE.dashboard]}>
      <Shell />
    </MemoryRouter>,
  );
}

/** WCAG 2.4.3 (DESIGN §24): a new screen starts focus from the top, unless the member is typing. */
describe('useFocusFromTheTop', () => {
  it('moves focus to the skip links when the screen changes from a menu link', () => {
    renderShell();
    screen.getByRole('link', { name: 'New Orders' }).focus();
    act(() => go(NEW_ORDERS));
    expect(document.activeElement?.id).toBe('skip-links');
  });

  it('leaves focus in a field the member is typing in as the screen changes', () => {
    renderShell();
    const find = screen.getByRole('textbox', { name: 'Find' });
    find.focus();
    act(() => go(NEW_ORDERS));
    expect(document.activeElement).toBe(find);
  });

  it('does nothing on the first screen', () => {
    renderShell();
    expect(document.activeElement).toBe(document.body);
  });
});
