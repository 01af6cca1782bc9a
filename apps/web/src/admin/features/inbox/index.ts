// What other parts of the admin may use from the customer conversation (docs/architecture/boundaries.md, Boundaries: the web).
export {
  useGetMailTemplatesQuery,
  useSendCustomerMailMutation,
} from './api.ts';
export { DeliveryBadge } from './DeliveryBadge.tsx';
export { MailFrame } from './MailFrame.tsx';
export { offeredTemplates } from './offeredTemplates.ts';
export { AwaitingRepliedBadge, CustomerRepliedBadge } from './RepliedBadges.tsx';
export { DELIVERY_WORD, INBOX_TEXT } from './texts.ts';
