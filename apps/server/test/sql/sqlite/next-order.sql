-- next-order (sqlite): Next order of New Orders (ClaimWrites.nextOrder)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

-- begin

savepoint grouped;

select "id", "order_id" from "orders" where "process_status" = 'New' and "assigned_to" is null order by "created_at", "id" limit ?;
-- parameters: [1]

update "orders" set "assigned_to" = ?, "updated_at" = ? where "id" = ? and "assigned_to" is null;
-- parameters: [7,"2026-03-02T10:00:00.000Z",1]

insert into "order_events" ("order_key", "staff_id", "staff_name", "kind", "from_value", "to_value", "detail", "created_at") values (?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: [1,7,"Ann Team","assign",null,"Ann Team",null,"2026-03-02T10:00:00.000Z"]

release grouped;

-- commit
