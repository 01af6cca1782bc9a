import { describe, expect, it } from 'vitest';
import {
  chooseTrigrams,
  ftsQuery,
  isPgTrgmWord,
  isPgTrgmWordEnd,
  pgTrigrams,
  trigramCounts,
  trigramsOf,
  wordEndCounts,
} from './trigram.ts';

describe('trigrams', () => {
  it('needs three characters and counts characters, not UTF-16 units', () => {
    expect(trigramsOf('')).toEqual([]);
    expect(trigramsOf('ab')).toEqual([]);
    expect(trigramsOf('smith')).toEqual(['smi', 'mit', 'ith']);
    expect(trigramsOf('aaaa')).toEqual(['aaa']);
    expect(trigramsOf('😀ab')).toEqual(['😀ab']);
  });

  it('quotes query syntax as text', () => {
    expect(ftsQuery(['smi', 'mit'])).toBe('"smi" AND "mit"');
    expect(ftsQuery(['a"b'])).toBe('"a""b"');
    expect(ftsQuery(["o'b", "'b*"])).toBe('"o\'b" AND "\'b*"');
  });

  it('asks for rare trigrams apart from each other until a handful of rows is expected', () => {
    const common: Record<string, number> = { eta: 0.55, 'ta-': 0.85, 'a-1': 0.2 };
    const share = (g: string) => common[g] ?? 0.016;
    // digits each in 1.6% of rows: three apart leave about four rows in a million
    expect(chooseTrigrams('eta-1039185098', share)).toEqual(['-10', '391', '850']);
    expect(chooseTrigrams('eta-1', share)).toEqual(['a-1', 'eta']);
  });

  it('adds overlapping trigrams only when those apart are not enough', () => {
    const share = (g: string) => ({ abb: 0.06, bbo: 0.026, bot: 0.009, ott: 0.017 })[g] ?? 0;
    expect(chooseTrigrams('abbott', share)).toEqual(['bot', 'ott', 'bbo']);
    const names = (g: string) => ({ ang: 0.03, nge: 0.025, gel: 0.021, eli: 0.04, lin: 0.05, ini: 0.022 })[g] ?? 0;
    expect(chooseTrigrams('angelini', names)).toEqual(['gel', 'ini', 'nge', 'ang']);
    expect(chooseTrigrams('abcdefghijklmnopqrstuvwxyz', () => 0.015)).toEqual(['abc', 'def', 'ghi']);
    // never seen in the sample: two of them are enough
    expect(chooseTrigrams('qxzjvw', () => 0)).toEqual(['qxz', 'jvw']);
  });

  it('chooses on PostgreSQL only the trigrams pg_trgm makes: three letters or digits, or a word end', () => {
    expect(['abc', '123', 'a1b'].every(isPgTrgmWord)).toBe(true);
    expect(['a-1', '.co', 'ab ', "o'b", 'ABC', 'ébc', 'a_b'].some(isPgTrgmWord)).toBe(false);
    expect(['la ', 'a1-', "ab'", 'ab@', 'ab_', 'ab%'].every(isPgTrgmWordEnd)).toBe(true);
    expect(['abc', ' ro', 'a b', 'ab\u00e9', 'Ab ', '.c '].some(isPgTrgmWordEnd)).toBe(false);
    // two words: the first word's end narrows with the second's letters
    const names = (g: string) => ({ 'la ': 0.02, ros: 0.012, osa: 0.01, ' ro': 0.03, 'a r': 0.004 })[g] ?? 0.5;
    expect(pgTrigrams('la rosa', names)).toEqual(['osa', 'la ', 'ros']);
    const share = (g: string) => ({ com: 0.9, mai: 0.3, ail: 0.3, 'uk-': 0.99, '-42': 0.01 })[g] ?? 0.016;
    expect(pgTrigrams('uk-4266', share)).toEqual(['426', '266']);
    // as on SQLite: rare ones apart from each other until a handful of rows is expected
    expect(
      pgTrigrams('uketa-3463597398', (g) => ({ uke: 0.45, ket: 0.45, eta: 0.55, 'ta-': 0.55 })[g] ?? 0.016),
    ).toEqual(['346', '359', '739']);
    // the word's end (`th@`, words ending in "th") is apart from its start: more independent evidence
    const email = (g: string) => ({ 'th@': 0.02, 'il.': 0.3 })[g] ?? share(g);
    expect(pgTrigrams('smith@mail.com', email)).toEqual(['smi', 'th@', 'mit']);
    // all common: the two rarest
    expect(pgTrigrams('mail.com', email)).toEqual(['mai', 'ail']);
    expect(pgTrigrams('a-b.c', share)).toEqual([]);
  });

  it('counts word ends as pg_trgm does: a pair before anything but a letter or digit, or the end', () => {
    const counts = wordEndCounts(['john smith@mail.com', 'smith', 'smithson 12-34', 'ath ath']);
    expect(counts.get('th')).toBe(3);
    expect(counts.get('om')).toBe(1);
    expect(counts.get('12')).toBe(1);
    expect(counts.get('34')).toBe(1);
    expect(counts.get('mi')).toBeUndefined();
    expect(counts.get('on')).toBe(1);
  });

  it('counts each trigram once per text', () => {
    const counts = trigramCounts(['aaaa', 'aaab', 'xyz']);
    expect(counts.get('aaa')).toBe(2);
    expect(counts.get('aab')).toBe(1);
    expect(counts.get('xyz')).toBe(1);
  });
});
