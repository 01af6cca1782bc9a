-- move-completed (sqlite): a Team member's move to Completed, attributing the order (OrderWrites.moveOne)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

-- begin

savepoint grouped;

select "id", "order_id", "domain", "process_status", "assigned_to", "processed_by", "first_name", "sur_name", "contact_email_address", "amount_minor", "currency", "refund_date", "personal_erased_at" from "orders" where "order_id" = ?;
-- parameters: ["UKETA-1"]

update "orders" set "process_status" = ?, "updated_at" = ? where "id" = ? and "process_status" <> ?;
-- parameters: ["Completed","2026-03-02T10:00:00.000Z",1,"Completed"]

insert into "order_events" ("order_key", "staff_id", "staff_name", "kind", "from_value", "to_value", "detail", "created_at") values (?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: [1,7,"Ann Team","status","Awaiting ","Completed",null,"2026-03-02T10:00:00.000Z"]

update "orders" set "processed_by" = ?, "updated_at" = ? where "id" = ? and ("processed_by" is null or "processed_by" <> ?) and "processed_by" is null;
-- parameters: [7,"2026-03-02T10:00:00.000Z",1,7]

insert into "order_events" ("order_key", "staff_id", "staff_name", "kind", "from_value", "to_value", "detail", "created_at") values (?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: [1,7,"Ann Team","processed_by",null,"Ann Team",null,"2026-03-02T10:00:00.000Z"]

release grouped;

-- commit
