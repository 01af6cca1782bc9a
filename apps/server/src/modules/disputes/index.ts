/** What other features and app.ts may use of disputes (DESIGN §13: everything else is its own). */

export { ce3For } from './ce3.repository.ts';
export { NOTE_CHANGE_DETAIL } from './dispute-writes.ts';
export { DISPUTE_COLUMNS, type DisputeRow, openDisputeOf } from './disputes.repository.ts';
export { disputeRoutes } from './disputes.routes.ts';
export { createDisputeService } from './disputes.service.ts';
export { disputeIntakeRoutes } from './intake.routes.ts';
export { createIntakeService } from './intake.service.ts';
export { toDisputeRecord } from './record.ts';
