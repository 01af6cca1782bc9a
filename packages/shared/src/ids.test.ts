import { describe, expect, it } from 'vitest';
import { decodeId, decodeOrderRef, encodeId, encodeOrderRef } from './ids.ts';

describe('id obfuscation (SPEC §3: doubling and base64)', () => {
  it('encodes by doubling then base64', () => {
    expect(encodeId(1)).toBe(Buffer.from('2').toString('base64'));
    expect(encodeId(21)).toBe(Buffer.from('42').toString('base64'));
  });

  it('round-trips', () => {
    for (const id of [0, 1, 7, 12345, 2 ** 40]) expect(decodeId(encodeId(id))).toBe(id);
  });

  it.each([
    ['odd number', Buffer.from('3').toString('base64')],
    ['negative', Buffer.from('-4').toString('base64')],
    ['not a number', Buffer.from('abc').toString('base64')],
    ['leading zero', Buffer.from('04').toString('base64')],
    ['decimal', Buffer.from('4.0').toString('base64')],
    ['not base64', 'abc$'],
    ['empty', ''],
  ])('refuses %s', (_name, encoded) => {
    expect(decodeId(encoded)).toBeNull();
  });

  it('refuses non-strings', () => {
    expect(decodeId(42)).toBeNull();
    expect(decodeId(null)).toBeNull();
  });
});

describe('order references in paths (base64url)', () => {
  it('round-trips ids with characters that base64 would make unsafe in a path', () => {
    for (const id of ['UKETA-123456', 'eTA-0001', '??>>~~', 'UK1']) {
      const ref = encodeOrderRef(id);
      expect(ref).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeOrderRef(ref)).toBe(id);
    }
  });

  it('refuses references that are not base64url', () => {
    expect(decodeOrderRef('a/b')).toBeNull();
    expect(decodeOrderRef('a=b')).toBeNull();
  });
});
