import { ROLE, STATUS } from '@eta/shared';
import type { Kysely } from 'kysely';
import type { DialectName } from '../src/db/dialect.ts';
import type { Database, NewOrder } from '../src/db/schema.ts';
import { createDomainEvents } from '../src/lib/domain-events.ts';
import { createTransactions, inTransaction } from '../src/lib/transaction.ts';
import { postgresClaimWrites, sqliteClaimWrites } from '../src/modules/claims/index.ts';
import { postgresArrivalWrites, sqliteArrivalWrites } from '../src/modules/ingest/index.ts';
import type { Writer } from '../src/modules/order-changes/index.ts';
import { postgresOrderWrites, sqliteOrderWrites } from '../src/modules/orders/index.ts';
import { postgresRemarkWrites, sqliteRemarkWrites } from '../src/modules/remarks/index.ts';
import type { Script } from './sql-capture.ts';

/*
 * The representative calls whose SQL test/sql/<dialect>/<name>.sql keeps: each write strategy of
 * the Strategies table (docs/architecture/strategies.md), with the rows each statement is answered with, so a
 * transaction runs its whole path. A call may answer differently per dialect (PostgreSQL's one
 * statement returns what SQLite's several do).
 */

const AT = '2026-03-02T10:00:00.000Z';
const TEAM: Writer = { id: 7, name: 'Ann Team', type: ROLE.Team };
const MANAGER: Writer = { id: 9, name: 'Max Manager', type: ROLE.Manager };

function strategies(dialect: DialectName, db: Kysely<Database>) {
  const pg = dialect === 'postgres';
  const events = createDomainEvents({ error: () => undefined });
  const transactions = createTransactions(db, events, (error) => {
    throw error;
  });
  return {
    transactions,
    orderWrites: (pg ? postgresOrderWrites : sqliteOrderWrites)(transactions),
    remarkWrites: (pg ? postgresRemarkWrites : sqliteRemarkWrites)(transactions),
    claimWrites: (pg ? postgresClaimWrites : sqliteClaimWrites)(transactions),
    arrivalWrites: pg ? postgresArrivalWrites : sqliteArrivalWrites,
  };
}
type Strategies = ReturnType<typeof strategies>;

export interface SqlScenario {
  name: string;
  /** what the call is, for the snapshot's header */
  what: string;
  script: Record<DialectName, Script>;
  run(s: Strategies, db: Kysely<Database>): Promise<unknown>;
}

const free: { id: number; order_id: string; process_status: string; assigned_to: number | null } = {
  id: 1,
  order_id: 'UKETA-1',
  process_status: STATUS.New,
  assigned_to: null,
};
const heldByBob = { ...free, assigned_to: 8 };
const oneChanged = [{ id: 1 }];
const bobsName = [{ id: 8, name: 'Bob Team' }];
/** the row the one-statement assign answers with */
const pgHold = (row: typeof free, changed: boolean) => ({
  ...row,
  changed,
  holder: row.assigned_to ? 'Bob Team' : null,
});
const lockedOrder = {
  ...free,
  domain: 'example.test',
  processed_by: null,
  first_name: 'Jane',
  sur_name: 'Doe',
  contact_email_address: 'jane@example.test',
  amount_minor: 3999,
  currency: 'GBP',
  refund_date: null,
  personal_erased_at: null,
};
const REMARK = {
  staff_id: TEAM.id,
  remark_name: TEAM.name,
  remark: 'Called, no answer',
  whatsapp: 'No',
  telephone: 'Yes',
  status_refund: 'No',
  voided: 'No',
  chargeback: 'No',
  report_error: 'No',
  us_date: '03/02/2026',
  us_time: '05:00 AM',
  created_at: AT,
};
const ARRIVALS: NewOrder[] = [
  { order_id: 'UKETA-1', process_status: STATUS.New, first_name: 'Jane', created_at: AT, search_text: 'jane' },
  { order_id: 'UKETA-2', process_status: STATUS.Priority, first_name: 'John', created_at: AT, search_text: 'john' },
] as NewOrder[];

export const SQL_SCENARIOS: readonly SqlScenario[] = [
  {
    name: 'assign-one',
    what: 'Assign to me of one free order (OrderWrites.assign)',
    script: { postgres: [[pgHold(free, true)]], sqlite: [[free], oneChanged] },
    run: (s) => s.orderWrites.assign(TEAM, ['UKETA-1'], false, AT),
  },
  {
    name: 'assign-takeover',
    what: "a manager's takeover of two orders, one held by another (OrderWrites.assign)",
    script: {
      postgres: [[pgHold(heldByBob, true), pgHold({ ...free, id: 2, order_id: 'UKETA-2' }, true)]],
      sqlite: [[heldByBob, { ...free, id: 2, order_id: 'UKETA-2' }], [{ id: 2 }, { id: 1 }], bobsName],
    },
    run: (s) => s.orderWrites.assign(MANAGER, ['UKETA-1', 'UKETA-2'], true, AT),
  },
  {
    name: 'unassign',
    what: 'a manager frees an order held by another (OrderWrites.unassign, anyHolder)',
    script: { postgres: [[pgHold(heldByBob, true)]], sqlite: [[heldByBob], oneChanged, bobsName] },
    run: (s) => s.orderWrites.unassign(MANAGER, ['UKETA-1'], true, AT),
  },
  {
    name: 'move',
    what: "a Team member's move from the order detail, New to Awaiting (OrderWrites.moveOne)",
    script: {
      postgres: [[{ id: 1, order_id: 'UKETA-1', previous: STATUS.New, attributed: false }]],
      sqlite: [[lockedOrder], oneChanged],
    },
    run: (s) => s.orderWrites.moveOne(TEAM, 'UKETA-1', STATUS.Awaiting, AT),
  },
  {
    name: 'move-completed',
    what: "a Team member's move to Completed, attributing the order (OrderWrites.moveOne)",
    script: {
      postgres: [[{ id: 1, order_id: 'UKETA-1', previous: STATUS.Awaiting, attributed: true }]],
      sqlite: [[{ ...lockedOrder, process_status: STATUS.Awaiting }], oneChanged, [], [{}]],
    },
    run: (s) => s.orderWrites.moveOne(TEAM, 'UKETA-1', STATUS.Completed, AT),
  },
  {
    name: 'move-refused',
    what: 'a move the statement does not make: the transaction that says why (here: held by another, 409)',
    script: {
      postgres: [[], [{ ...lockedOrder, assigned_to: 8 }], bobsName],
      sqlite: [[{ ...lockedOrder, assigned_to: 8 }], bobsName],
    },
    run: (s) => s.orderWrites.moveOne(TEAM, 'UKETA-1', STATUS.Awaiting, AT).catch((e: Error) => e.message),
  },
  {
    name: 'remark',
    what: "a Team member's remark (RemarkWrites.add)",
    script: {
      postgres: [[{ id: 5, order_id: 'UKETA-1', order_db_id: 1 }]],
      sqlite: [[lockedOrder], [{ id: 5 }]],
    },
    run: (s) => s.remarkWrites.add(TEAM, 'UKETA-1', REMARK, 'Called, no answer'),
  },
  {
    name: 'next-order',
    what: 'Next order of New Orders (ClaimWrites.nextOrder)',
    script: { postgres: [[{ id: 1, order_id: 'UKETA-1' }]], sqlite: [[{ id: 1, order_id: 'UKETA-1' }], [{}]] },
    run: (s) => s.claimWrites.nextOrder(TEAM, { statuses: [STATUS.New], soonestDue: false }, AT),
  },
  {
    name: 'next-order-urgent',
    what: 'Next order, the most urgent across New, Priority and Process 5th March (ClaimWrites.nextOrder)',
    script: { postgres: [[{ id: 1, order_id: 'UKETA-1' }]], sqlite: [[{ id: 1, order_id: 'UKETA-1' }], [{}]] },
    run: (s) =>
      s.claimWrites.nextOrder(
        TEAM,
        { statuses: [STATUS.New, STATUS.Priority, STATUS.ProcessMarch], soonestDue: true },
        AT,
      ),
  },
  {
    name: 'arrivals',
    what: 'a batch of two new orders with their created events (ArrivalWrites.insert)',
    script: {
      postgres: [
        [
          { id: 1, order_id: 'UKETA-1', process_status: STATUS.New },
          { id: 2, order_id: 'UKETA-2', process_status: STATUS.Priority },
        ],
      ],
      sqlite: [
        [
          { id: 1, order_id: 'UKETA-1' },
          { id: 2, order_id: 'UKETA-2' },
        ],
      ],
    },
    run: (s) => inTransaction(s.transactions, (trx, tx) => s.arrivalWrites.insert(trx, tx, ARRIVALS, 'api', AT)),
  },
];

export { strategies as scenarioStrategies };
