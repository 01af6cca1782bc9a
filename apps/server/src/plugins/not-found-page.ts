import type { FastifyRequest } from 'fastify';

/**
 * What a person's browser gets for an address that is not ours (DESIGN §8's public pages aside):
 * the landing sites' Home, Apply, Contact, Terms … links point at their own websites, and in the
 * demo, where no website stands beside the app, they land here. A customer gets a page with the
 * way to their order, never the API's JSON envelope; scripts and the API keep the envelope.
 */
export function wantsPage(request: FastifyRequest): boolean {
  const path = request.url;
  if (path.startsWith('/api/') || path === '/api' || path === '/healthz') return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return /\btext\/html\b/.test(request.headers.accept ?? '');
}

/** Public links a customer follows from a mail; mangled, they still lead to the track form. */
export const PUBLIC_LINK_PREFIXES = ['/track-order/', '/get-new-order-details/'] as const;

export const isPublicLink = (url: string): boolean => PUBLIC_LINK_PREFIXES.some((prefix) => url.startsWith(prefix));

export const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found</title>
<style>
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2937; background: #f3f4f6; }
  main { max-width: 32rem; margin: 12vh auto; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
  a.button { display: inline-block; margin-top: 1rem; padding: 0.6rem 1.2rem; border-radius: 8px; background: #0d6efd; color: #fff; text-decoration: none; }
</style>
</head>
<body>
<main>
  <h1>Page not found</h1>
  <p>The page you asked for is not here. It may have moved, or the link may be incomplete.</p>
  <p>If you applied for a UK electronic travel authorisation, you can check your order and download your eTA with your order ID and email address.</p>
  <a class="button" href="/track-order">Track your order</a>
</main>
</body>
</html>
`;
