-- remark (postgres): a Team member's remark (RemarkWrites.add)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

with locked as materialized (
  select id, order_id, process_status, assigned_to from orders where order_id = $1::text for update
), saved as (
  insert into remarks (order_key, staff_id, remark_name, remark, whatsapp, telephone, status_refund, voided,
    chargeback, report_error, us_date, us_time, created_at)
  select locked.id, $2::integer, $3::text, $4::text, $5::text,
    $6::text, $7::text, $8::text, $9::text,
    $10::text, $11::text, $12::text, $13::text
  from locked where (locked.process_status in ('New', 'Priority Processing', 'moveToProcessMarch', 'Awaiting ', 'AwaitingGovt', 'Contact Customer', 'Customer Called', 'Completed', 'Refunds', 'Deleted', 'Rejected', 'ChargeBack', 'Pending')
or (false and (locked.assigned_to is null or locked.assigned_to = $14::integer)))
  returning id, order_key
), logged as (insert into order_events (order_key, staff_id, staff_name, kind, from_value, to_value, detail, created_at) select order_key, cast($15 as integer), cast($16 as text), $17::text, null, null, $18::text, cast($19 as text) from saved)
select saved.id, locked.order_id, locked.id as order_db_id from saved join locked on locked.id = saved.order_key;
-- parameters: ["UKETA-1",7,"Ann Team","Called, no answer","No","Yes","No","No","No","No","03/02/2026","05:00 AM","2026-03-02T10:00:00.000Z",7,7,"Ann Team","remark","Called, no answer","2026-03-02T10:00:00.000Z"]
