-- assign-takeover (postgres): a manager's takeover of two orders, one held by another (OrderWrites.assign)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

with locked as materialized (
  select id, order_id, process_status, assigned_to from orders
  where order_id = any($1::text[]) order by id for update
), changed as (
  update orders set assigned_to = $2::integer, updated_at = $3::text
  from locked
  where orders.id = locked.id and (locked.assigned_to is null or (true and locked.assigned_to <> $4::integer))
  returning orders.id, locked.assigned_to as previous
), logged as (insert into order_events (order_key, staff_id, staff_name, kind, from_value, to_value, detail, created_at) select changed.id, cast($5 as integer), cast($6 as text), case when changed.previous is null then $7::text else $8::text end, (select name from staff where staff.id = changed.previous), $9::text, null, cast($10 as text) from changed order by changed.id)
select locked.id, locked.order_id, locked.process_status, locked.assigned_to,
  changed.id is not null as changed, holder.name as holder
from locked
left join changed on changed.id = locked.id
left join staff holder on holder.id = locked.assigned_to
order by locked.id;
-- parameters: [["UKETA-1","UKETA-2"],9,"2026-03-02T10:00:00.000Z",9,9,"Max Manager","assign","takeover","Max Manager","2026-03-02T10:00:00.000Z"]
