import { describe, expect, it } from 'vitest';
import {
  formatTimeLeft,
  SLA_PAUSED_STATUSES,
  SLA_RUNNING_STATUSES,
  serviceLevelBadge,
  serviceLevelHoursOf,
  serviceLevelOnArrival,
  slaMetPercent,
} from './service-levels.ts';
import { OPEN_STATUSES, STATUS } from './statuses.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const HOURS = { priority: 24, standard: 72 };
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

describe('formatTimeLeft', () => {
  it('says minutes under an hour, never 0', () => {
    expect(formatTimeLeft(0)).toBe('1 min');
    expect(formatTimeLeft(59_999)).toBe('1 min');
    expect(formatTimeLeft(45 * MIN + 59_000)).toBe('45 min');
    expect(formatTimeLeft(HOUR - 1)).toBe('59 min');
  });

  it('says whole hours under two days, rounded down', () => {
    expect(formatTimeLeft(HOUR)).toBe('1 h');
    expect(formatTimeLeft(3 * HOUR + 59 * MIN)).toBe('3 h');
    expect(formatTimeLeft(2 * DAY - 1)).toBe('47 h');
  });

  it('says whole days from two days on', () => {
    expect(formatTimeLeft(2 * DAY)).toBe('2 d');
    expect(formatTimeLeft(3 * DAY - 1)).toBe('2 d');
    expect(formatTimeLeft(10 * DAY)).toBe('10 d');
  });
});

describe('service level on arrival', () => {
  it('gives priority its hours and everything else the standard ones', () => {
    expect(serviceLevelHoursOf('priority', HOURS)).toBe(24);
    expect(serviceLevelHoursOf('standard', HOURS)).toBe(72);
    expect(serviceLevelHoursOf('', HOURS)).toBe(72);
  });

  it('counts from created_at, and pauses an order that arrives waiting', () => {
    const created = '2026-11-01T08:30:00.000Z';
    expect(
      serviceLevelOnArrival(
        { created_at: created, processing_type: 'priority', process_status: STATUS.Priority },
        HOURS,
      ),
    ).toEqual({
      sla_due_at: '2026-11-02T08:30:00.000Z',
      sla_paused_at: null,
    });
    expect(
      serviceLevelOnArrival(
        { created_at: created, processing_type: 'standard', process_status: STATUS.AwaitingGovt },
        HOURS,
      ),
    ).toEqual({
      sla_due_at: '2026-11-04T08:30:00.000Z',
      sla_paused_at: created,
    });
  });

  it('runs the clock in every open status but the two awaiting ones', () => {
    expect(SLA_PAUSED_STATUSES).toEqual([STATUS.Awaiting, STATUS.AwaitingGovt]);
    expect([...SLA_RUNNING_STATUSES, ...SLA_PAUSED_STATUSES].sort()).toEqual([...OPEN_STATUSES].sort());
  });
});

describe('serviceLevelBadge', () => {
  const order = (fields: Partial<Parameters<typeof serviceLevelBadge>[0]>) => ({
    process_status: STATUS.New,
    sla_due_at: at(NOW + 3 * HOUR + 20 * MIN),
    sla_met_at: null,
    sla_paused_at: null,
    ...fields,
  });

  it('counts down while the clock runs, amber from four hours left', () => {
    expect(serviceLevelBadge(order({}), NOW)).toEqual({ tone: 'soon', text: 'Due in 3 h' });
    expect(serviceLevelBadge(order({ sla_due_at: at(NOW + 30 * HOUR) }), NOW)).toEqual({
      tone: 'due',
      text: 'Due in 30 h',
    });
    expect(serviceLevelBadge(order({ sla_due_at: at(NOW + 20 * MIN) }), NOW)?.text).toBe('Due in 20 min');
  });

  it('says Overdue once the due time has passed, as the Overdue folder does', () => {
    expect(serviceLevelBadge(order({ sla_due_at: at(NOW) }), NOW)?.tone).toBe('soon');
    expect(serviceLevelBadge(order({ sla_due_at: at(NOW - 1) }), NOW)).toEqual({ tone: 'overdue', text: 'Overdue' });
  });

  it('holds the time left while paused, and keeps a late order Overdue', () => {
    const paused = order({ process_status: STATUS.Awaiting, sla_paused_at: at(NOW - DAY), sla_due_at: at(NOW + HOUR) });
    expect(serviceLevelBadge(paused, NOW)).toEqual({ tone: 'paused', text: 'Paused, 25 h left' });
    expect(serviceLevelBadge(paused, NOW + 10 * DAY)).toEqual({ tone: 'paused', text: 'Paused, 25 h left' });
    const late = order({ process_status: STATUS.AwaitingGovt, sla_paused_at: at(NOW), sla_due_at: at(NOW - HOUR) });
    expect(serviceLevelBadge(late, NOW)?.tone).toBe('overdue');
  });

  it('shows nothing once met, for a closed order, or without a due time', () => {
    expect(serviceLevelBadge(order({ sla_met_at: at(NOW - HOUR) }), NOW)).toBeNull();
    expect(serviceLevelBadge(order({ process_status: STATUS.Completed, sla_due_at: at(NOW - DAY) }), NOW)).toBeNull();
    expect(serviceLevelBadge(order({ process_status: STATUS.Refunds }), NOW)).toBeNull();
    expect(serviceLevelBadge(order({ sla_due_at: null }), NOW)).toBeNull();
  });
});

describe('slaMetPercent', () => {
  it('is a whole percent, rounded down, and null with nothing to measure', () => {
    expect(slaMetPercent(0, 0)).toBeNull();
    expect(slaMetPercent(0, 4)).toBe(0);
    expect(slaMetPercent(2, 3)).toBe(66);
    expect(slaMetPercent(199, 200)).toBe(99);
    expect(slaMetPercent(5, 5)).toBe(100);
  });
});
