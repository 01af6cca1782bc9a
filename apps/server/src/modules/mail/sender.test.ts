import { describe, expect, it } from 'vitest';
import { senderOf } from './transports.ts';

describe("a mail's From", () => {
  it("puts the order's site name on MAIL_FROM's address", () => {
    expect(senderOf('eTA Desk <no-reply@etadesk.local>', 'UK ETA Apply')).toBe(
      '"UK ETA Apply" <no-reply@etadesk.local>',
    );
    expect(senderOf('desk@mail.test', 'UK ETA Online')).toBe('"UK ETA Online" <desk@mail.test>');
  });

  it('keeps MAIL_FROM as configured without a name, and a name cannot break out of its quotes', () => {
    expect(senderOf('eTA Desk <no-reply@etadesk.local>', null)).toBe('eTA Desk <no-reply@etadesk.local>');
    expect(senderOf('desk@mail.test', 'Visa "Fast", Ltd\r\nBcc: x@y')).toBe(
      '"Visa Fast, LtdBcc: x@y" <desk@mail.test>',
    );
  });
});
