/** The body envelope of SPEC §7 and DESIGN §5. */
export const API_STATUS = { ok: 1, fail: 0, unauthorized: 401 } as const;

export interface ApiEnvelope<T = unknown> {
  status: 0 | 1 | 401;
  message: string;
  data?: T;
  total?: number;
}
