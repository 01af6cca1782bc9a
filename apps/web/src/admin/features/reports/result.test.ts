import { API_STATUS } from '@eta/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refusalOf, shownRefusal } from '../../../lib/apiError.ts';
import { clearSession, writeSession } from '../../../lib/session.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { resultOf } from './result.ts';

describe('a report answer', () => {
  // Node has no localStorage: a Map stands behind the calls the session module makes.
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    });
  });
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('is the server envelope when there is one', async () => {
    writeSession('token');
    const envelope = { status: API_STATUS.ok, message: 'Country report', data: [] };
    expect(await resultOf(Promise.resolve({ data: envelope }))).toBe(envelope);
  });

  // Issue 32: refusals are RTK Query's errors, so these answers reject (they resolved to envelopes before).
  it('without data while signed in is a network failure, shown to the member', async () => {
    writeSession('token');
    await expect(resultOf(Promise.resolve({}))).rejects.toMatchObject({
      kind: 'network',
      status: API_STATUS.fail,
      message: WEB_TEXT.networkError,
    });
  });

  it('without data after a sign-out (a 401 cut it short) is quiet: the 401 handler already said why', async () => {
    const cutShort = resultOf(Promise.resolve({}));
    await expect(cutShort).rejects.toMatchObject({ status: API_STATUS.unauthorized, message: '' });
    expect(shownRefusal(await cutShort.catch(refusalOf))).toBeNull();
  });

  it('is the refusal when there is one, not the older success RTK Query keeps beside it', async () => {
    writeSession('token');
    const refusal = { kind: 'refused', status: API_STATUS.fail, httpStatus: 400, message: 'Invalid range.' };
    const older = { status: API_STATUS.ok, message: 'Country report', data: [] };
    await expect(resultOf(Promise.resolve({ data: older, error: refusal }))).rejects.toBe(refusal);
  });
});
