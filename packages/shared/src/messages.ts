/** Every user-facing text that SPEC §5 and §8 state, written once. */
export const MSG = {
  // §5 sign-in
  invalidEmail: 'Invalid email address',
  emailRequired: 'Email Address is required',
  passwordRequired: 'Password is required',
  // §5 gateway
  gatewayRequired: 'Please select a gateway.',
  // §5 new password
  newPasswordMin: 'New Password must be at least 6 characters.',
  newPasswordRequired: 'Please enter your New Password.',
  // §5 team member
  memberNameRequired: 'Please enter your name.',
  memberEmailRequired: 'Please enter your email.',
  memberPasswordRequired: 'Please enter your password.',
  memberTypeRequired: 'Please select type.',
  // §5 order detail
  remarkRequired: 'Please enter your remark',
  transactionIdRequired: 'Please enter your Transaction Id',
  merchantNameRequired: 'Please enter your Merchant Name',
  uploadEmailRequired: 'Please enter your email',
  fileRequired: 'File is required',
  // §5 invoice
  invoiceOrderIdMin: 'Order Id must be at least 6 characters.',
  invoiceOrderIdRequired: 'Please enter your order id.',
  // §5 track order
  trackOrderIdRequired: 'Please enter your orderId',
  trackEmailRequired: 'Please enter your email',
  // §8 toasts
  orderAssigned: 'Order has been assigned successfully',
  orderDeleted: 'Order has been deleted successfully',
  memberDeleted: 'Team member deleted successfully.',
  rejectionSent: 'Rejection mail sent',
  rejectionFailed: 'Failed to send rejection mail',
  rejectionError: 'Error sending rejection mail',
  // §8 confirms
  confirmDelete: 'Are you sure you want to delete?',
  confirmAssign: 'Are you sure want to assigned orders.',
  confirmUnassign: 'Are you sure want to move orders to new orders.',
  confirmReject: 'Are you sure to send Rejection mail to applicant?',
  // §2 and §8 empty tables
  noRecords: 'No records found',
  noRecord: 'No record found',
  noDataInTable: 'No data available in table',
  loading: 'Loading...',
} as const;

/** Texts the spec leaves open (DESIGN §5): the server's own replies. */
export const SERVER_MSG = {
  loginOk: 'Logged in successfully',
  badCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
  unauthorized: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found',
  passwordChanged: 'Password updated successfully. Please sign in again.',
  memberAdded: 'Team member added successfully.',
  memberUpdated: 'Team member updated successfully.',
  ownTypeFixed: 'You cannot change your own member type.',
  memberNotFound: 'Team member not found.',
  emailTaken: 'A team member with this email already exists.',
  memberPasswordMin: 'Password must be at least 6 characters.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  managerAdminLimit: 'A Manager cannot create, change or delete an Admin account.',
  gatewayActivated: 'Payment gateway activated successfully.',
  gatewayNotFound: 'Payment gateway not found.',
  invalidBody: 'Invalid request',
  invalidJson: 'The request body is not valid JSON.',
  /** 400: an object of more than INPUT_LIMITS.fieldsPerLevel keys anywhere in a body or query (DESIGN §22) */
  tooManyFields: 'Too many fields.',
  unsupportedMediaType: 'Unsupported content type.',
  payloadTooLarge: 'The request is too large.',
  malformedMultipart: 'The upload form is incomplete or malformed. Please try again.',
  internal: 'Something went wrong. Please try again.',
  /** 503: the file storage (DESIGN §19) did not answer; nothing was changed */
  storageUnavailable: 'File storage is not answering right now. Nothing was changed; please try again in a moment.',
  /** 503 with Retry-After: the database is away (a restart, a failover, connections cut); writes resume by themselves */
  databaseUnavailable: 'The database is not answering. Try again in a moment.',
} as const;

/** An unknown key's message names that key alone, never the keys beside it (DESIGN §22). */
export const unrecognizedKey = (key: string) => `Unrecognized key: "${key}"`;
