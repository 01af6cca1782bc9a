import { describe, expect, it } from 'vitest';
import { createSecretSeal } from './secret-seal.ts';

describe('TOTP secrets sealed at rest', () => {
  const seal = createSecretSeal('a'.repeat(48));

  it('opens what it sealed, and seals the same secret differently each time', () => {
    const sealed = seal.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(seal.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(seal.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });

  it('opens nothing sealed under another JWT secret, tampered with, cut short, or never sealed', () => {
    const sealed = seal.seal('JBSWY3DPEHPK3PXP');
    expect(createSecretSeal('b'.repeat(48)).open(sealed)).toBeNull();
    const body = Buffer.from(sealed.slice(3), 'base64url');
    body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 1;
    expect(seal.open(`v1:${body.toString('base64url')}`)).toBeNull();
    expect(seal.open(sealed.slice(0, 20))).toBeNull();
    expect(seal.open('JBSWY3DPEHPK3PXP')).toBeNull();
  });
});
