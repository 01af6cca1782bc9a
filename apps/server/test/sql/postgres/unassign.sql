-- unassign (postgres): a manager frees an order held by another (OrderWrites.unassign, anyHolder)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

with locked as materialized (
  select id, order_id, process_status, assigned_to from orders
  where order_id = $1::text order by id for update
), changed as (
  update orders set assigned_to = null, updated_at = $2::text
  from locked
  where orders.id = locked.id and locked.assigned_to is not null and (true or locked.assigned_to = $3::integer)
  returning orders.id, locked.assigned_to as previous
), logged as (insert into order_events (order_key, staff_id, staff_name, kind, from_value, to_value, detail, created_at) select changed.id, cast($4 as integer), cast($5 as text), $6::text, (select name from staff where staff.id = changed.previous), null, null, cast($7 as text) from changed order by changed.id)
select locked.id, locked.order_id, locked.process_status, locked.assigned_to,
  changed.id is not null as changed, holder.name as holder
from locked
left join changed on changed.id = locked.id
left join staff holder on holder.id = locked.assigned_to
order by locked.id;
-- parameters: ["UKETA-1","2026-03-02T10:00:00.000Z",9,9,"Max Manager","unassign","2026-03-02T10:00:00.000Z"]
