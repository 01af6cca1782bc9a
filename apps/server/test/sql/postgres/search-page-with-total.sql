-- search-page-with-total (postgres): a rare search of Order History: the page and the number of all matches in one pass (SearchEngine.pageWithTotal)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

with "m" as materialized (select "order_search"."id", "order_search"."created_at" as "sort_key" from "order_search" where "order_search"."search_text" like $1 escape '\' and "order_search"."search_text" like $2 escape '\' and strpos(order_search.search_text, $3) > 0) select "m"."id", count(*) over () as "total_rows" from "m" order by "m"."sort_key" desc, "m"."id" desc limit $4 offset $5;
-- parameters: ["%rti%","%ngt%","hartington",10,0]
