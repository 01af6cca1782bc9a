-- move (sqlite): a Team member's move from the order detail, New to Awaiting (OrderWrites.moveOne)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

-- begin

savepoint grouped;

select "id", "order_id", "domain", "process_status", "assigned_to", "processed_by", "first_name", "sur_name", "contact_email_address", "amount_minor", "currency", "refund_date", "personal_erased_at" from "orders" where "order_id" = ?;
-- parameters: ["UKETA-1"]

update "orders" set "process_status" = ?, "updated_at" = ? where "id" = ? and "process_status" <> ?;
-- parameters: ["Awaiting ","2026-03-02T10:00:00.000Z",1,"Awaiting "]

insert into "order_events" ("order_key", "staff_id", "staff_name", "kind", "from_value", "to_value", "detail", "created_at") values (?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: [1,7,"Ann Team","status","New","Awaiting ",null,"2026-03-02T10:00:00.000Z"]

release grouped;

-- commit
