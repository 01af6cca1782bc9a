import { z } from 'zod';
import { API_STATUS, type ApiEnvelope } from '../envelope.ts';
import type { Capability } from '../roles.ts';
import type { Endpoint } from './endpoints.ts';

/** 'signedIn': any staff member, whatever the type (own password, user info). */
export type RouteCapability = Capability | 'signedIn';

/**
 * Who may call. Staff routes name the capability their member needs (DESIGN §7, token in
 * Authorization); the others a scope: `public` (anyone, limited per IP), `integration` (X-Api-Key),
 * `front` (the customer's order token from track-order, in Authorization).
 */
export type Access =
  | {
      capability: RouteCapability;
      /**
       * open to a member whom REQUIRE_2FA holds back until they enrol (DESIGN §17): signing out,
       * their own account and sessions, and the enrolment itself
       */
      beforeTwoFactor?: true;
      /**
       * "Confirm it is you" (DESIGN §22): the session must have confirmed (POST /admin/reauth) in the
       * last REAUTH_MINUTES, else 403 with `data.reauthRequired`
       */
      reauth?: true;
    }
  | { scope: 'public' | 'integration' | 'front' };

export type SuccessCode = 200 | 201;

/** What a contract says beside its method and path. */
export interface ContractSpec {
  summary: string;
  tag: string;
  description?: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** what `body` accepts, for the documentation, where `body` reshapes its input first (preprocess) */
  bodyShape?: z.ZodType;
  /** multipart/form-data parts, file included: the route reads the parts, then validates them with this */
  form?: z.ZodType;
  /** the success codes, the usual one first (default 200) */
  success?: readonly SuccessCode[];
  /** the reply's `data`; null: the envelope carries none */
  data: z.ZodType | null;
  /** lists: the matching rows' `total` beside `data` */
  total?: true;
  /** fields beside `data` in the envelope (SPEC §7's download history) */
  beside?: Record<string, z.ZodType>;
  /** a file instead of the envelope: the content types it may come as */
  file?: readonly string[];
}

export type Contract = Endpoint & ContractSpec;

/** One endpoint's contract: its method and path (its file's table) with what it takes and gives. */
export const contract = <const E extends Endpoint, const S extends ContractSpec>(endpoint: E, spec: S): E & S => ({
  ...endpoint,
  ...spec,
});

export const successCodes = (c: Contract): readonly SuccessCode[] => c.success ?? [200];

/** The envelope of a successful JSON reply (SPEC §7, DESIGN §5). */
export function replySchema(c: Contract) {
  return z
    .strictObject({
      status: z.literal(API_STATUS.ok),
      message: z.string(),
      ...(c.data ? { data: c.data } : {}),
      ...(c.total ? { total: z.number().int().min(0) } : {}),
      ...c.beside,
    })
    .describe('Done: the envelope with status 1');
}

/** Every refusal and failure: status 0, or 401 for a missing or dead session; `data` as the error has it. */
export const errorReplySchema = z
  .strictObject({
    status: z.union([z.literal(API_STATUS.fail), z.literal(API_STATUS.unauthorized)]),
    message: z.string(),
    data: z.unknown().optional(),
  })
  .describe(
    'Refused or failed: status 0, or 401 when the session is missing or dead; data.errors names the fields of a 400',
  );

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;
/** Nothing to add to an intersection. */
type Nothing = Record<never, never>;

/** What a caller sends: path parameters, query and body (or the multipart form) as the contract has them. */
export type ContractInput<C extends Contract> = (C['params'] extends z.ZodType
  ? { params: Input<C['params']> }
  : Nothing) &
  (C['query'] extends z.ZodType ? { query: Input<C['query']> } : Nothing) &
  (C['body'] extends z.ZodType ? { body: Input<C['body']> } : Nothing) &
  (C['form'] extends z.ZodType ? { body: FormData } : Nothing);

/** What a handler reads once the schemas have parsed the request. */
export interface ContractRequest<C extends Contract> {
  Params: Output<C['params']>;
  Querystring: Output<C['query']>;
  Body: Output<C['body']>;
}

export type ContractData<C extends Contract> = C['data'] extends z.ZodType ? z.output<C['data']> : undefined;

/** The multipart parts a caller puts in the form. */
export type ContractForm<C extends Contract> = Input<C['form']>;

/**
 * The envelope a caller gets back: `data` when status is 1. A reply with fields beside `data` (SPEC §7's
 * download history) is read after its status is checked, so those fields and `data` are typed as present.
 */
export type ContractReply<C extends Contract> = ApiEnvelope<ContractData<C>> &
  (C['beside'] extends Record<string, z.ZodType>
    ? { data: ContractData<C> } & { [K in keyof C['beside']]: z.output<C['beside'][K]> }
    : Nothing);
