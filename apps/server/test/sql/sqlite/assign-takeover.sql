-- assign-takeover (sqlite): a manager's takeover of two orders, one held by another (OrderWrites.assign)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

-- begin

savepoint grouped;

select "id", "order_id", "process_status", "assigned_to", "refund_date" from "orders" where "order_id" in (?, ?) order by "id";
-- parameters: ["UKETA-1","UKETA-2"]

update "orders" set "assigned_to" = ?, "updated_at" = ? where "id" in (?, ?) and ("assigned_to" is null or "assigned_to" in (?)) returning "id";
-- parameters: [9,"2026-03-02T10:00:00.000Z",2,1,8]

select "id", "name" from "staff" where "id" in (?);
-- parameters: [8]

insert into "order_events" ("order_key", "staff_id", "staff_name", "kind", "from_value", "to_value", "detail", "created_at") values (?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: [2,9,"Max Manager","assign",null,"Max Manager",null,"2026-03-02T10:00:00.000Z",1,9,"Max Manager","takeover","Bob Team","Max Manager",null,"2026-03-02T10:00:00.000Z"]

release grouped;

-- commit
