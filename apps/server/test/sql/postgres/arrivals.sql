-- arrivals (postgres): a batch of two new orders with their created events (ArrivalWrites.insert)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

-- begin

with arrived as (
  insert into orders ("order_id", "process_status", "first_name", "created_at", "search_text")
  select "order_id", "process_status", "first_name", "created_at", "search_text" from json_populate_recordset(null::orders, $1::json)
  on conflict (order_id) do nothing
  returning id, order_id, process_status
), logged as (insert into order_events (order_key, staff_id, staff_name, kind, from_value, to_value, detail, created_at) select arrived.id, cast($2 as integer), cast($3 as text), $4::text, null, arrived.process_status, $5::text, cast($6 as text) from arrived order by arrived.id)
select id, order_id, process_status from arrived order by id;
-- parameters: ["[{\"order_id\":\"UKETA-1\",\"process_status\":\"New\",\"first_name\":\"Jane\",\"created_at\":\"2026-03-02T10:00:00.000Z\",\"search_text\":\"jane\"},{\"order_id\":\"UKETA-2\",\"process_status\":\"Priority Processing\",\"first_name\":\"John\",\"created_at\":\"2026-03-02T10:00:00.000Z\",\"search_text\":\"john\"}]",null,null,"created","api","2026-03-02T10:00:00.000Z"]

-- commit
