/** What other features and app.ts may use of the processor module (DESIGN §26). */

export { processorRoutes } from './processor.routes.ts';
export type { PaymentProcessor } from './processor.ts';
export { processorWarnings } from './processor-status.ts';
export { refundsThroughStripe, refundWithMove } from './refund-requests.ts';
export { type ProcessorOptions, registerProcessor } from './register.ts';
export { processorStripeEvents } from './stripe-events.ts';
