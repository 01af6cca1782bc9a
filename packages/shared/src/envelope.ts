/** The body envelope of SPEC §7 and DESIGN §5. */
export const API_STATUS = { ok: 1, fail: 0, unauthorized: 401 } as const;

export interface ApiEnvelope<T = unknown> {
  status: 0 | 1 | 401;
  message: string;
  data?: T;
  total?: number;
}

/**
 * DESIGN §22, bounded error replies: an object wider than `fieldsPerLevel` keys, at any depth of a
 * body or query, is refused whole; a 400 names at most `errorFields` fields, each name and message cut
 * to `fieldNameChars` and `messageChars` (so a 400 stays under `replyBytes` whatever was sent).
 */
export const INPUT_LIMITS = {
  fieldsPerLevel: 1000,
  errorFields: 20,
  fieldNameChars: 100,
  messageChars: 300,
  replyBytes: 16 * 1024,
} as const;
