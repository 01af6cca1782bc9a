-- remark (sqlite): a Team member's remark (RemarkWrites.add)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

-- begin

savepoint grouped;

select "id", "order_id", "domain", "process_status", "assigned_to", "processed_by", "first_name", "sur_name", "contact_email_address", "amount_minor", "currency", "refund_date", "personal_erased_at" from "orders" where "order_id" = ?;
-- parameters: ["UKETA-1"]

insert into "remarks" ("staff_id", "remark_name", "remark", "whatsapp", "telephone", "status_refund", "voided", "chargeback", "report_error", "us_date", "us_time", "created_at", "order_key") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning "id";
-- parameters: [7,"Ann Team","Called, no answer","No","Yes","No","No","No","No","03/02/2026","05:00 AM","2026-03-02T10:00:00.000Z",1]

insert into "order_events" ("order_key", "staff_id", "staff_name", "kind", "from_value", "to_value", "detail", "created_at") values (?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: [1,7,"Ann Team","remark",null,null,"Called, no answer","2026-03-02T10:00:00.000Z"]

release grouped;

-- commit
