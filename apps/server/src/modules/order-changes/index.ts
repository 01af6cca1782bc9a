/** What other features and app.ts may use of order-changes (DESIGN §13: everything else is its own). */
export {
  announceOrderEvents,
  appendEvents,
  eventsInsertSelected,
  type OrderEvent,
} from './events.repository.ts';
export { remarkableFrom, type WritableFrom, writable, writableFrom } from './hold-rule.pg.ts';
export {
  type HeldOrder,
  lockOrderForWrite,
  readOrderForWrite,
  refuseIfHeld,
  setProcessedBy,
  type WritableOrder,
  type Writer,
} from './lock.ts';
export { assertMovable, moveLockedOrder, moveRefusalError } from './move.ts';
