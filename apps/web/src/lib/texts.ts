/**
 * Web-only texts that SPEC leaves open (everything SPEC states lives in @eta/shared's MSG).
 * Kept in one place so tests and screens read the same strings.
 */
export const WEB_TEXT = {
  networkError: 'Could not reach the server. Please check your connection and try again.',
  forgotPassword: 'Please contact your administrator to reset your password.',
  keepPasswordHint: 'Leave blank to keep the current password',
  notFound: 'Page not found',
  // Queues
  searchPlaceholder: 'Search id, name, email, phone',
  searchLabel: 'Search orders',
  selectAll: 'Select all rows',
  selectRow: 'Select order',
  heldBy: 'Assigned to',
  heldByYou: 'Assigned to you',
  noneSelected: 'No orders selected',
  bulkLegend: 'Actions on the selected orders',
  confirmRefund: 'Mark the selected orders as refunded? Each applicant will get a refund mail.',
  // Reports
  fromDate: 'From',
  toDate: 'To',
  submit: 'Submit',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  exportCsv: 'Export CSV',
  exportHint: 'Every row of the table, on every page, in the order shown',
  countrySearch: 'Search country or nationality',
  countrySearchLabel: 'Search countries',
  nameSearch: 'Search name',
  nameSearchLabel: 'Search names',
  wholeHistory: 'All dates',
  // "Confirm it is you" (DESIGN §22)
  reauthTitle: 'Confirm it is you',
  reauthWithPassword: 'For your security, enter your password to continue.',
  reauthWithCode: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  reauthPassword: 'Your password',
  reauthCode: 'Code',
  reauthUseCode: 'Use a code from your app instead',
  reauthUsePassword: 'Use your password instead',
  reauthConfirm: 'Confirm',
} as const;
