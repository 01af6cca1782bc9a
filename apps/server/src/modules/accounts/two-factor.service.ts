import {
  ACCOUNT_MSG,
  type AccountRecord,
  AUDIT_ACTION,
  decodeId,
  SERVER_MSG,
  TOTP_CODE,
  type TokenUser,
  type TwoFactorSetup,
} from '@eta/shared';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.ts';
import type { StaffRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { factorsOf } from '../../lib/session-rules.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordAudit } from '../privacy/index.ts';
import { staffRepo } from '../staff/index.ts';
import { accountFailures, accountKey } from './failure-counts.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import { createSecretSeal } from './secret-seal.ts';
import * as sessionsRepo from './sessions.repository.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';
import * as twoFactorRepo from './two-factor.repository.ts';

export const hasTwoFactor = (member: StaffRow): boolean =>
  member.two_factor_enabled_at !== null && member.totp_secret !== null;

/** Two-factor sign-in (DESIGN §17): TOTP (RFC 6238) with ten single-use recovery codes. */
export function createTwoFactorService(ctx: AppContext) {
  const { db } = ctx;
  const seal = createSecretSeal(ctx.config.jwtSecret);
  const requiredFor = (member: Pick<StaffRow, 'type'>) =>
    (ctx.config.require2fa as readonly string[]).includes(member.type);
  const announce = (memberId: number) => ctx.events.publish('member.changed', { memberId, change: 'updated' });
  /** wrong codes here count with those of sign-in and "confirm it is you" (DESIGN §22) */
  const codeFailures = accountFailures(ctx).codes;

  async function loadSelf(caller: TokenUser): Promise<StaffRow> {
    const member = await staffRepo.findActiveById(db, caller.id);
    if (!member) throw AppError.unauthorized();
    return member;
  }

  const wrongCode = () => AppError.badRequest(ACCOUNT_MSG.codeWrong, { code: ACCOUNT_MSG.codeWrong });

  return {
    requiredFor,

    async account(caller: TokenUser): Promise<AccountRecord> {
      const member = await loadSelf(caller);
      return {
        name: member.name,
        email: member.email,
        type: member.type,
        twoFactor: {
          enabled: hasTwoFactor(member),
          required: requiredFor(member),
          recoveryCodesLeft: hasTwoFactor(member) ? await twoFactorRepo.recoveryCodesLeft(db, member.id) : 0,
        },
      };
    },

    /** A fresh secret each time (a QR code shown and abandoned is worth nothing): on once a code proves it. */
    async setup(caller: TokenUser): Promise<TwoFactorSetup> {
      const member = await loadSelf(caller);
      if (hasTwoFactor(member)) throw AppError.conflict(ACCOUNT_MSG.twoFactorAlreadyOn);
      const secret = newTotpSecret();
      await twoFactorRepo.setPendingSecret(db, member.id, seal.seal(secret), nowIso(ctx.clock));
      const otpauthUrl = totpUri(member.email, secret);
      const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
      return { secret, otpauthUrl, qrDataUrl };
    },

    /**
     * The first code from the app turns it on; the recovery codes are answered once and kept hashed.
     * The member's other sessions end (DESIGN §22: one opened with the password alone, perhaps by
     * whoever else knows it, must not outlive the second factor); this one goes on with both factors.
     */
    async enable(caller: TokenUser, sessionId: string, code: string, origin: RequestOrigin): Promise<string[]> {
      const member = await loadSelf(caller);
      if (hasTwoFactor(member)) throw AppError.conflict(ACCOUNT_MSG.twoFactorAlreadyOn);
      const pending = member.totp_pending_secret ? seal.open(member.totp_pending_secret) : null;
      if (!pending) throw AppError.badRequest(ACCOUNT_MSG.twoFactorSetupFirst);
      const step = await totpStep(pending, code, ctx.clock(), null);
      if (step === null) throw wrongCode();
      const codes = newRecoveryCodes();
      await inTransaction(ctx.transactions.of(origin), async (trx, tx) => {
        const at = nowIso(ctx.clock);
        await twoFactorRepo.enable(trx, member.id, member.totp_pending_secret as string, step, at);
        await twoFactorRepo.replaceRecoveryCodes(trx, member.id, codes.map(recoveryCodeHash));
        const ended = await sessionsRepo.keepOnly(trx, member.id, sessionId, factorsOf('totp'), at);
        await recordAudit(tx, at, {
          action: AUDIT_ACTION.twoFactorEnabled,
          actorId: member.id,
          ...(ended.length > 0 ? { detail: { sessionsEnded: ended.length } } : {}),
        });
        tx.afterCommit(() => {
          ctx.sessions.forget(sessionId);
          if (ended.length > 0) ctx.events.publish('session.revoked', { memberId: member.id, sessionIds: ended });
          announce(member.id);
        });
      });
      return codes;
    },

    /** Ten new recovery codes, answered once; the old ones stop working (DESIGN §22: asks for a confirmation). */
    async renewRecoveryCodes(caller: TokenUser, origin: RequestOrigin): Promise<string[]> {
      const member = await loadSelf(caller);
      if (!hasTwoFactor(member)) throw AppError.conflict(ACCOUNT_MSG.twoFactorNotOn);
      const codes = newRecoveryCodes();
      await inTransaction(ctx.transactions.of(origin), async (trx, tx) => {
        const at = nowIso(ctx.clock);
        await twoFactorRepo.replaceRecoveryCodes(trx, member.id, codes.map(recoveryCodeHash));
        await recordAudit(tx, at, { action: AUDIT_ACTION.recoveryCodesRenewed, actorId: member.id });
      });
      return codes;
    },

    /** Off with a code from the app; never for a type REQUIRE_2FA names. */
    async disable(caller: TokenUser, code: string, origin: RequestOrigin): Promise<void> {
      const member = await loadSelf(caller);
      if (!hasTwoFactor(member)) throw AppError.conflict(ACCOUNT_MSG.twoFactorNotOn);
      if (requiredFor(member)) throw AppError.forbidden(ACCOUNT_MSG.twoFactorStillRequired);
      const account = accountKey(member.id);
      if (await codeFailures.isBlocked(account)) throw AppError.tooMany(ACCOUNT_MSG.tooManyCodes);
      if (!(await this.takeTotp(member, code))) {
        await codeFailures.fail(account);
        await recordAudit(ctx.transactions.committed(origin), nowIso(ctx.clock), {
          action: AUDIT_ACTION.signInFailed,
          actorId: member.id,
          target: member.email,
          detail: { reason: 'wrong authenticator code, turning two-factor sign-in off' },
        });
        throw wrongCode();
      }
      await codeFailures.reset(account);
      await inTransaction(ctx.transactions.of(origin), async (trx, tx) => {
        const at = nowIso(ctx.clock);
        await twoFactorRepo.disable(trx, member.id, at);
        await recordAudit(tx, at, { action: AUDIT_ACTION.twoFactorDisabled, actorId: member.id });
        tx.afterCommit(() => announce(member.id));
      });
    },

    /** Admin: a member who lost their phone enrols again at their next sign-in. */
    async reset(caller: TokenUser, encodedMemberId: string, origin: RequestOrigin): Promise<void> {
      const id = decodeId(encodedMemberId);
      const member = id === null ? undefined : await staffRepo.findActiveById(db, id);
      if (!member) throw AppError.notFound(SERVER_MSG.memberNotFound);
      if (!hasTwoFactor(member)) throw AppError.conflict(ACCOUNT_MSG.twoFactorNotOn);
      await inTransaction(ctx.transactions.of(origin), async (trx, tx) => {
        const at = nowIso(ctx.clock);
        await twoFactorRepo.disable(trx, member.id, at);
        await recordAudit(tx, at, { action: AUDIT_ACTION.twoFactorReset, actorId: caller.id, target: member.email });
        tx.afterCommit(() => announce(member.id));
      });
    },

    /** A TOTP newer than the last one taken: true once, then never again for that step. */
    async takeTotp(member: StaffRow, code: string): Promise<boolean> {
      const secret = member.totp_secret ? seal.open(member.totp_secret) : null;
      if (!secret) return false;
      const step = await totpStep(secret, code, ctx.clock(), member.totp_last_step);
      return step !== null && (await twoFactorRepo.takeStep(db, member.id, step));
    },

    /** The code of the sign-in step: a TOTP, or an unused recovery code (then used). */
    async takeCode(member: StaffRow, code: string): Promise<boolean> {
      if (TOTP_CODE.test(code)) return this.takeTotp(member, code);
      return twoFactorRepo.useRecoveryCode(db, member.id, recoveryCodeHash(code), nowIso(ctx.clock));
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
