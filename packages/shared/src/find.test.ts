import { describe, expect, it } from 'vitest';
import { folderOfStatus } from './find.ts';
import { statusLabel } from './status-labels.ts';
import { ORDER_STATUSES, STATUS } from './statuses.ts';

describe('folderOfStatus', () => {
  it('names the queue of each status', () => {
    expect(folderOfStatus(STATUS.New)).toBe('newOrder');
    expect(folderOfStatus(STATUS.Awaiting)).toBe('awaitingorder');
    expect(folderOfStatus(STATUS.ProcessMarch)).toBe('processMarchOrder');
    expect(folderOfStatus(STATUS.ChargeBack)).toBe('chargeBack');
    expect(folderOfStatus('Unknown')).toBe('allorder');
  });
  it('has a folder of its own for every status', () => {
    for (const status of ORDER_STATUSES) expect(folderOfStatus(status), status).not.toBe('allorder');
  });
});

describe('statusLabel', () => {
  it('never shows a raw value', () => {
    expect(statusLabel(STATUS.ProcessMarch)).toBe('Process 5th March');
    expect(statusLabel(STATUS.AwaitingGovt)).toBe('Awaiting Govt');
    expect(statusLabel(STATUS.Awaiting)).toBe('Awaiting Customer');
    expect(statusLabel('Something New ')).toBe('Something New');
  });
});
