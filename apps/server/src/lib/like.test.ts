import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './like.ts';

describe('LIKE escaping', () => {
  it.each([
    ['plain', 'plain'],
    ['100%', '100\\%'],
    ['a_b', 'a\\_b'],
    ['back\\slash', 'back\\\\slash'],
    ["o'brien", "o'brien"],
    ['%_\\', '\\%\\_\\\\'],
    ['', ''],
  ])('escapes %j as %j', (input, escaped) => {
    expect(escapeLike(input)).toBe(escaped);
  });

  it('wraps the escaped text in wildcards for a substring match', () => {
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%');
  });

  it('leaves no unescaped wildcard behind', () => {
    const pattern = escapeLike('%%__\\%');
    // every wildcard or backslash is preceded by exactly one escaping backslash
    expect(pattern.replace(/\\[\\%_]/g, '')).toBe('');
  });
});
