import { describe, expect, it } from 'vitest';
import { convictionDate } from './AdditionalQuestions.tsx';

describe('the date of conviction on the detail', () => {
  it('writes a one-digit day or month with two digits, as every other date on the page', () => {
    expect(convictionDate({ convict_date: '30', convict_month: '3', convict_year: '2019' })).toBe('30-03-2019');
    expect(convictionDate({ convict_date: '5', convict_month: '11', convict_year: '2001' })).toBe('05-11-2001');
  });

  it('shows one dash when the applicant gave no date', () => {
    expect(convictionDate({ convict_date: null, convict_month: null, convict_year: null })).toBe('-');
  });
});
