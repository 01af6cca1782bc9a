-- search-count (postgres): the number of matches of a common search in Completed Orders (SearchEngine.count)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

select count(*) as "n" from "orders" where "orders"."process_status" = 'Completed' and "orders"."id" in (select "order_search"."id" from "order_search" where "order_search"."search_text" like $1 escape '\' and strpos(order_search.search_text, $2) > 0);
-- parameters: ["%smi%","smith"]
