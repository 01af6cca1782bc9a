-- search-page-with-total (sqlite): a rare search of Order History: the page and the number of all matches in one pass (SearchEngine.pageWithTotal)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

select "orders"."id", count(*) over () as "total_rows" from "orders" where "orders"."search_text" like ? escape '\' and orders.id in (select rowid from orders_search where orders_search match ?) order by "orders"."created_at" desc, "orders"."id" desc limit 10 offset 0;
-- parameters: ["%hartington%","\"rti\" AND \"ngt\""]
