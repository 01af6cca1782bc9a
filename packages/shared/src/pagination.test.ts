import { describe, expect, it } from 'vitest';
import { PAGES_SHOWN_IN_FULL, pageCountOf, pageItems } from './pagination.ts';

const show = (page: number, count: number) =>
  pageItems(page, count)
    .map((item) => (typeof item === 'number' ? String(item) : '…'))
    .join(' ');

describe('page list (SPEC §9: one sibling, dots, all pages up to seven)', () => {
  it('shows every page when there are at most seven', () => {
    expect(PAGES_SHOWN_IN_FULL).toBe(7);
    expect(show(1, 1)).toBe('1');
    expect(show(3, 5)).toBe('1 2 3 4 5');
    for (let page = 1; page <= 7; page += 1) expect(show(page, 7)).toBe('1 2 3 4 5 6 7');
  });

  it('puts dots at the end near the start', () => {
    expect(show(1, 8)).toBe('1 2 3 4 5 … 8');
    expect(show(1, 20)).toBe('1 2 3 4 5 … 20');
    expect(show(4, 20)).toBe('1 2 3 4 5 … 20');
  });

  it('keeps one sibling each side in the middle', () => {
    expect(show(5, 20)).toBe('1 … 4 5 6 … 20');
    expect(show(10, 20)).toBe('1 … 9 10 11 … 20');
    expect(show(16, 20)).toBe('1 … 15 16 17 … 20');
  });

  it('puts dots at the start near the end', () => {
    expect(show(17, 20)).toBe('1 … 16 17 18 19 20');
    expect(show(20, 20)).toBe('1 … 16 17 18 19 20');
    expect(show(8, 8)).toBe('1 … 4 5 6 7 8');
  });

  it('always draws seven slots past seven pages, each page once, in order', () => {
    for (const count of [8, 9, 13, 100]) {
      for (let page = 1; page <= count; page += 1) {
        const items = pageItems(page, count);
        expect(items).toHaveLength(7);
        const numbers = items.filter((i): i is number => typeof i === 'number');
        expect(numbers).toContain(page);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(count);
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
        expect(new Set(numbers).size).toBe(numbers.length);
        // a dot never hides a single page
        items.forEach((item, i) => {
          if (typeof item === 'number') return;
          const before = items[i - 1] as number;
          const after = items[i + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
      }
    }
  });

  it('clamps a page outside the range', () => {
    expect(show(0, 20)).toBe('1 2 3 4 5 … 20');
    expect(show(99, 20)).toBe('1 … 16 17 18 19 20');
  });

  it('has no pages when there is nothing to page', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('counts pages for a total, one at least', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(1000, 1000)).toBe(1);
  });
});
