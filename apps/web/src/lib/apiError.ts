import { API_STATUS, type ApiEnvelope, asksForReauth } from '@eta/shared';

/** What one call came to: the envelope, its HTTP status (0 when no reply came) and whether the network failed. */
export interface CallOutcome<T = unknown> {
  envelope: ApiEnvelope<T>;
  httpStatus: number;
  network: boolean;
}

/**
 * A refused call as RTK Query's error channel carries it: `refused` when the server answered with
 * an envelope whose status is not 1 or an HTTP status of 400 or more, `network` when no reply came.
 * The kind is typed, so nothing recognises a lost network by comparing a message.
 */
export interface ApiError<D = unknown> {
  kind: 'refused' | 'network';
  /** The envelope's status (0, or 401). */
  status: number;
  /** 0 when no reply came. */
  httpStatus: number;
  message: string;
  data?: D;
}

/** True when the call was refused: the envelope says so, or the HTTP status does, or the network failed. */
export function isRefusal(outcome: CallOutcome): boolean {
  return outcome.network || outcome.httpStatus >= 400 || outcome.envelope.status !== API_STATUS.ok;
}

export function apiErrorOf({ envelope, httpStatus, network }: CallOutcome): ApiError {
  const error: ApiError = {
    kind: network ? 'network' : 'refused',
    status: envelope.status,
    httpStatus,
    message: envelope.message,
  };
  return envelope.data === undefined ? error : { ...error, data: envelope.data };
}

export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, message } = value as Partial<ApiError>;
  return (kind === 'refused' || kind === 'network') && typeof message === 'string';
}

/**
 * The refusals a screen says nothing more about: a 401 (the sign-out already told the member) and
 * a "confirm it is you" the member cancelled (they know, and nothing changed).
 */
export function isHandledElsewhere(error: ApiError): boolean {
  return isUnauthorized(error) || asksForReauth(error);
}

/** A 401 (HTTP, or status 401 in the body): the HTTP client's sign-out has already told the member. */
export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && (error.status === API_STATUS.unauthorized || error.httpStatus === 401);
}

/** What a screen shows of a refusal on screen: its message, or nothing for a 401 (the sign-out's). */
export function shownRefusal(error: { message?: string } | undefined): string | null {
  if (!error?.message) return null;
  return isUnauthorized(error) ? null : error.message;
}

/**
 * For `.unwrap().catch(refused)`: a refusal resolves to undefined (the base query already toasted
 * it, or the screen shows it), anything else (a bug) is thrown on.
 */
export function refused(caught: unknown): undefined {
  if (isApiError(caught)) return undefined;
  throw caught;
}

/** The refusal a `catch` caught; anything else (a bug) is thrown on. */
export function refusalOf(caught: unknown): ApiError {
  if (isApiError(caught)) return caught;
  throw caught;
}

/** The envelope a refusal came from, for helpers that read envelopes. */
export function envelopeOf(error: ApiError): ApiEnvelope {
  return { status: error.status as ApiEnvelope['status'], message: error.message, data: error.data };
}
