import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BulkActions } from './BulkActions.tsx';
import type { BulkAction } from './views.ts';

const render = (actions: BulkAction[], selected: number, busy = false) =>
  renderToStaticMarkup(createElement(BulkActions, { actions, selected, busy, onAction: () => {} }));
const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)].map((m) => ({
    label: m[2],
    disabled: (m[1] as string).includes('disabled'),
  }));

describe('bulk action area (SPEC §2, §4)', () => {
  it("labels the buttons as SPEC §2 does, in the queue's order", () => {
    const html = render(['assign', 'unassign', 'refund', 'delete'], 2);
    expect(buttons(html).map((b) => b.label)).toEqual([
      'Assign to me',
      'Move to Original Folder',
      'Refunded it',
      'Delete Order',
    ]);
  });

  it('disables every button while nothing is selected, and while a call is running', () => {
    expect(buttons(render(['assign', 'delete'], 0)).every((b) => b.disabled)).toBe(true);
    expect(buttons(render(['assign', 'delete'], 1)).some((b) => b.disabled)).toBe(false);
    expect(buttons(render(['assign', 'delete'], 1, true)).every((b) => b.disabled)).toBe(true);
  });

  it('shows nothing in a queue without bulk actions', () => {
    expect(render([], 3)).toBe('');
  });
});
