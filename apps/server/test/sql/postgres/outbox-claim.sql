-- outbox-claim (postgres): a mail worker takes up to 10 due rows under its token (OutboxClaim.claimDue)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

with "due" as (select "id" from "mail_outbox" where "status" in ($1, $2) and "next_attempt_at" <= $3 order by "next_attempt_at", "id" limit $4 for update skip locked) update "mail_outbox" set "status" = $5, "claim_token" = $6, "next_attempt_at" = $7, "attempts" = "mail_outbox"."attempts" + $8 from "due" where "mail_outbox"."id" = "due"."id" returning "mail_outbox".*;
-- parameters: ["queued","sending","2026-03-02T10:00:00.000Z",10,"sending","worker-token","2026-03-02T10:05:00.000Z",1]
