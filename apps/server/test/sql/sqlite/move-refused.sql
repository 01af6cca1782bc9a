-- move-refused (sqlite): a move the statement does not make: the transaction that says why (here: held by another, 409)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

-- begin

savepoint grouped;

select "id", "order_id", "domain", "process_status", "assigned_to", "processed_by", "first_name", "sur_name", "contact_email_address", "amount_minor", "currency", "refund_date", "personal_erased_at" from "orders" where "order_id" = ?;
-- parameters: ["UKETA-1"]

select "id", "name" from "staff" where "id" in (?);
-- parameters: [8]

rollback to grouped;

release grouped;

-- commit
