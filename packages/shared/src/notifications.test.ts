import { describe, expect, it } from 'vitest';
import { findMentions, mentionCandidates, mentionQueryAt } from './notifications.ts';

const tara = { id: 1, name: 'Tara Team' };
const tamsin = { id: 2, name: 'Tamsin Night' };
const tom = { id: 3, name: 'Tom Caller' };
const tomas = { id: 4, name: 'Tom' };
const members = [tara, tamsin, tom, tomas];
const ids = (text: string) => findMentions(text, members).map((m) => m.id);

describe('mentions (DESIGN §23, decision 0285)', () => {
  it('finds a whole name after @, whatever its letter case and spacing, each member once', () => {
    expect(ids('@Tara Team please call back')).toEqual([1]);
    expect(ids('cc @tara   team, and @Tara Team again')).toEqual([1]);
    expect(ids('(@Tamsin Night) and @Tara Team.')).toEqual([2, 1]);
  });

  it('takes the longest name that fits, ending where a word ends', () => {
    expect(ids('@Tom Caller can you')).toEqual([3]);
    expect(ids('@Tom can you')).toEqual([4]);
    // not the whole name (a word goes on), but its first word starts Tara Team's name alone
    expect(ids('@Tara Teamwork')).toEqual([1]);
    expect(findMentions('@Tara Teamwork', [tara, { id: 9, name: 'Tara Other' }])).toEqual([]);
  });

  it('takes a word that starts exactly one name, and nobody when it starts several or is too short', () => {
    expect(ids('@Tar: call the customer')).toEqual([1]);
    expect(ids('@tamsin')).toEqual([2]);
    expect(ids('@Ta, anyone?')).toEqual([]);
    expect(ids('@T')).toEqual([]);
    expect(ids('@Nobody here')).toEqual([]);
  });

  it('never reads an email address or a bare @ as a mention', () => {
    expect(ids('wrote to tara.team@example.com')).toEqual([]);
    expect(ids('mail x@Tara Team')).toEqual([]);
    expect(ids('@ Tara Team')).toEqual([]);
    expect(ids('no mention at all')).toEqual([]);
  });

  it('tells the remark box what is being typed and which members to offer', () => {
    expect(mentionQueryAt('hello @Ta', 9)).toEqual({ start: 6, query: 'Ta' });
    expect(mentionQueryAt('hello @Tara T', 13)).toEqual({ start: 6, query: 'Tara T' });
    expect(mentionQueryAt('mail a@b', 8)).toBeNull();
    expect(mentionQueryAt('@Tara\nnext', 10)).toBeNull();
    expect(mentionCandidates('ta', members).map((m) => m.id)).toEqual([2, 1]);
    expect(mentionCandidates('night', members).map((m) => m.id)).toEqual([2]);
    expect(mentionCandidates('', members)).toHaveLength(4);
  });
});
