/**
 * A route's limit per client IP (DESIGN §10, @fastify/rate-limit), answered in the envelope with
 * the route's own message: sign-in, its code step, password reset and the customers' pages use it.
 */
export function perIpLimit(max: number, message: string) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      errorResponseBuilder: (_req: unknown, context: { after: string }) => ({
        statusCode: 429,
        message,
        retryAfter: context.after,
      }),
    },
  };
}
