import { describe, expect, it } from 'vitest';
import { sniffFileType, sniffImage } from './file-types.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('file types by magic bytes', () => {
  it.each([
    [bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    [bytes([0x89], 'PNG\r\n\x1a\n'), 'image/png'],
    [bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp'],
    [bytes('%PDF-1.7'), 'application/pdf'],
  ])('recognises %#', (input, type) => {
    expect(sniffFileType(input)?.contentType).toBe(type);
  });

  it.each([
    [bytes('GIF89a')],
    [bytes('RIFF', [1, 2, 3, 4], 'WAVE')],
    [bytes([0xff, 0xd8])],
    [bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    [bytes('')],
  ])('refuses %#', (input) => {
    expect(sniffFileType(input)).toBeNull();
  });

  it('does not take a PDF as an image', () => {
    expect(sniffImage(bytes('%PDF-1.4'))).toBeNull();
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xdb]))?.ext).toBe('jpg');
  });
});
