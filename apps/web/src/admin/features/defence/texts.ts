/** Texts of the defence feature that SPEC leaves open (its own labels and messages come from @eta/shared). */
export const DEFENCE_TEXT = {
  packTitle: (type: number) => `Defence Pack ${type}`,
  packIntro: (type: number) =>
    type === 1
      ? 'The full pack: this letter, the order summary, the applicant\u2019s declarations, the timeline, the download log, the approval email as sent and the approved document.'
      : 'The compact pack, for processors that cap pages: this letter and one evidence page with the order facts, the delivery and the download log.',
  missing:
    'Transaction ID and Merchant Name are not entered yet, so the letter shows \u201cnot entered\u201d. Enter them first with Enter Transaction Details.',
  // staff's terms: the setting's name is the operators' (docs/operations/)
  noBusinessEmail:
    'No business email address is set up for this desk, so letters and invoices give no contact address. Ask your administrator to add one.',
  download: 'Download PDF',
  preparing: 'Preparing PDF...',
  close: 'Close',
  includePassport: 'Include passport image',
  includePassportHelp:
    'Left out unless ticked: some processors refuse identity documents. Ticking it is noted in Activity.',
  profile: 'Fit to the limits of',
  profileDefault: (label: string) => `${label} (the order’s processor)`,
  transactionTitle: 'Enter Transaction Details',
  transactionId: 'Transaction ID',
  merchantName: 'Merchant Name',
  orderId: 'Order Id',
  save: 'Submit',
  cancel: 'Cancel',
} as const;
