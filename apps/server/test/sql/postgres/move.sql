-- move (postgres): a Team member's move from the order detail, New to Awaiting (OrderWrites.moveOne)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

with locked as materialized (
  select id, order_id, process_status, assigned_to, processed_by from orders
  where order_id = $1::text for update
), moved as (
  update orders set process_status = $2::text, updated_at = $3::text
  from locked
  where orders.id = locked.id and (locked.process_status in ('AwaitingGovt', 'Contact Customer', 'Customer Called', 'Completed', 'Refunds', 'Deleted', 'Rejected', 'ChargeBack', 'Pending')
or (locked.process_status in ('New', 'Priority Processing', 'moveToProcessMarch') and (locked.assigned_to is null or locked.assigned_to = $4::integer)))
  returning orders.id, locked.order_id, locked.process_status as previous,
    (false and locked.processed_by is null) as attributed
), logged as (insert into order_events (order_key, staff_id, staff_name, kind, from_value, to_value, detail, created_at) select id, cast($5 as integer), cast($6 as text), kind, from_value, to_value, null, cast($7 as text) from (
      select id, 1 as step, $8::text as kind, previous as from_value, $9::text as to_value from moved
      union all
      select id, 2, $10::text, null, $11::text from moved where attributed
    ) as logged_events
    -- ids follow this order: the status event, then the attribution (as the transaction logs them)
    order by step)
select id, order_id, previous, attributed from moved;
-- parameters: ["UKETA-1","Awaiting ","2026-03-02T10:00:00.000Z",7,7,"Ann Team","2026-03-02T10:00:00.000Z","status","Awaiting ","processed_by","Ann Team"]
