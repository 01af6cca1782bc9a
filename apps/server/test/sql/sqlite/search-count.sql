-- search-count (sqlite): the number of matches of a common search in Completed Orders (SearchEngine.count)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

select count(*) as "n" from "orders" where "orders"."process_status" = 'Completed' and "orders"."search_text" like ? escape '\' and orders.id in (select rowid from orders_search where orders_search match ?);
-- parameters: ["%smith%","\"smi\""]
