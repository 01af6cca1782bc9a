-- arrivals (sqlite): a batch of two new orders with their created events (ArrivalWrites.insert)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

-- begin

savepoint grouped;

insert into "orders" ("order_id", "process_status", "first_name", "created_at", "search_text") values (?, ?, ?, ?, ?), (?, ?, ?, ?, ?) on conflict ("order_id") do nothing returning "id", "order_id";
-- parameters: ["UKETA-1","New","Jane","2026-03-02T10:00:00.000Z","jane","UKETA-2","Priority Processing","John","2026-03-02T10:00:00.000Z","john"]

insert into "order_events" ("order_key", "staff_id", "staff_name", "kind", "from_value", "to_value", "detail", "created_at") values (?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: [1,null,null,"created",null,"New","api","2026-03-02T10:00:00.000Z",2,null,null,"created",null,"Priority Processing","api","2026-03-02T10:00:00.000Z"]

release grouped;

-- commit
