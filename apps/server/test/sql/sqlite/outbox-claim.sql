-- outbox-claim (sqlite): a mail worker takes up to 10 due rows under its token (OutboxClaim.claimDue)
-- written by UPDATE_SQL_SNAPSHOTS=1 npx vitest run apps/server/test/sql-snapshots.test.ts

update "mail_outbox" set "status" = ?, "claim_token" = ?, "next_attempt_at" = ?, "attempts" = "attempts" + ? where "id" in (select "id" from "mail_outbox" where "status" in (?, ?) and "next_attempt_at" <= ? order by "next_attempt_at", "id" limit ?) and "status" in (?, ?) and "next_attempt_at" <= ? returning *;
-- parameters: ["sending","worker-token","2026-03-02T10:05:00.000Z",1,"queued","sending","2026-03-02T10:00:00.000Z",10,"queued","sending","2026-03-02T10:00:00.000Z"]
