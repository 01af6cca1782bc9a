-- next-order-urgent (postgres): Next order, the most urgent across New, Priority and Process 5th March (ClaimWrites.nextOrder)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

with picked as materialized (
  select id from orders
  where process_status in ('New', 'Priority Processing', 'moveToProcessMarch') and assigned_to is null
  order by sla_due_at nulls last, created_at, id
  limit 1
  for update skip locked
), changed as (
  update orders set assigned_to = $1::integer, updated_at = $2::text
  from picked
  where orders.id = picked.id and orders.assigned_to is null
  returning orders.id, orders.order_id
), logged as (insert into order_events (order_key, staff_id, staff_name, kind, from_value, to_value, detail, created_at) select changed.id, cast($3 as integer), cast($4 as text), $5::text, null, $6::text, null, cast($7 as text) from changed)
select id, order_id from changed;
-- parameters: [7,"2026-03-02T10:00:00.000Z",7,"Ann Team","assign","Ann Team","2026-03-02T10:00:00.000Z"]
