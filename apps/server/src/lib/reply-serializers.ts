import type { FastifySerializerCompiler } from 'fastify';
import type { ZodType } from 'zod';

/**
 * Replies leave as JSON.stringify writes them, as they did before routes had response schemas: the
 * schemas describe the replies (OpenAPI) but do not re-encode them. Measured in
 * docs/decisions/0111-replies-are-not-re-encoded-through-their-contract-s.md: re-encoding through zod
 * costs the hot lists and the order detail more than it gives.
 */
export const plainSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/** A reply that does not match its contract: a test that meets one fails with a 500. */
export class ReplyMismatchError extends Error {}

/**
 * Tests build the app with this one: every JSON reply is checked against its contract's schema for
 * that status code, then written exactly as production writes it (so tests see production's bytes).
 */
export const checkingSerializer: FastifySerializerCompiler<ZodType | { properties: ZodType }> = ({
  schema,
  method,
  url,
  httpStatus,
}) => {
  const zod = 'properties' in schema ? schema.properties : schema;
  return (data) => {
    const result = zod.safeParse(data);
    if (!result.success) {
      const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
      const message = `reply of ${method} ${url} (${httpStatus}) does not match its contract: ${issues}`;
      // Logged as well: the test sees a 500, this says why.
      console.error(message);
      throw new ReplyMismatchError(message);
    }
    return JSON.stringify(data);
  };
};
