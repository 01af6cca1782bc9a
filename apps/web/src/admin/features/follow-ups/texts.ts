/** Words of the follow-up controls (DESIGN §18); the server's messages live in @eta/shared FOLLOW_UP_MSG. */
export const FOLLOW_UP_TEXT = {
  title: 'Follow-up',
  dateLabel: 'Follow up on',
  save: 'Save',
  clear: 'Clear',
  none: 'No follow-up date set.',
  dueCount: (n: number) => `${n} follow-up${n === 1 ? '' : 's'} due`,
  /** what a screen reader hears after the number */
  dueSuffix: (n: number) => `follow-up${n === 1 ? '' : 's'} due`,
} as const;
