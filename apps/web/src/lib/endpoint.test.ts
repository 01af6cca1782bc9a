import { DEFENCE_API, DETAIL_API, FRONT_API, TEAM_API } from '@eta/shared';
import { describe, expect, it } from 'vitest';
import { pathOf, requestOf, urlOf } from './endpoint.ts';

describe('requests built from contracts (DESIGN §13)', () => {
  it('fills path parameters, each URL-encoded, and refuses a missing one', () => {
    const filled = DETAIL_API.image.path.replace(':orderId', 'UKETA-12%2F34%205').replace(':kind', 'passport');
    expect(pathOf(DETAIL_API.image, { orderId: 'UKETA-12/34 5', kind: 'passport' })).toBe(filled);
    expect(() => pathOf(DETAIL_API.image, { orderId: 'UKETA-123456' })).toThrow(':kind');
  });

  it('takes method, query and body from the input; a query value left undefined is not sent', () => {
    expect(
      requestOf(DEFENCE_API.letter, { params: { orderId: 'UKETA-123456' }, query: { defencePackType: 2 } }),
    ).toEqual({
      method: 'GET',
      url: DEFENCE_API.letter.path.replace(':orderId', 'UKETA-123456'),
      params: { defencePackType: '2' },
    });
    expect(requestOf(FRONT_API.branding, { query: { orderRef: undefined } })).toEqual({
      method: 'GET',
      url: '/front/branding',
      params: {},
    });
    expect(requestOf(TEAM_API.remove, { body: { teamMemberId: 'abc' } })).toEqual({
      method: 'PUT',
      url: TEAM_API.remove.path,
      body: { teamMemberId: 'abc' },
    });
    expect(requestOf(TEAM_API.list)).toEqual({ method: 'GET', url: TEAM_API.list.path });
  });

  it('writes the URL under /api with its query', () => {
    expect(urlOf({ url: '/front/branding', params: { orderRef: 'a b' } })).toBe('/api/front/branding?orderRef=a+b');
    expect(urlOf({ url: '/front/branding', params: {} })).toBe('/api/front/branding');
  });
});
