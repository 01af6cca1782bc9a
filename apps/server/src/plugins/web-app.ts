import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { publicPageCsp } from '../modules/public/index.ts';

/** Paths the admin single-page app answers (SPEC §2); the public pages have their own entry. */
const ADMIN_PATHS = ['/', '/admin', '/admin/*', '/logout'];
// /track-order alone too: a customer who drops the id from the address still gets the form, not JSON.
const PUBLIC_PATHS = ['/track-order', '/track-order/*', '/get-new-order-details/*'];

/**
 * Serves the built web app (apps/web/dist). Hashed assets are cached for a year; the HTML entries
 * are never cached so a deploy takes effect on the next load.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (!built) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build`');
    const notBuilt = async (_req: unknown, reply: import('fastify').FastifyReply) =>
      reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`, then start again.');
    for (const url of [...ADMIN_PATHS, ...PUBLIC_PATHS]) app.get(url, notBuilt);
    return;
  }
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
  });
  const page = (file: string, csp?: string) => async (_req: unknown, reply: import('fastify').FastifyReply) => {
    if (csp) reply.header('Content-Security-Policy', csp);
    // The static plugin's year-long caching is for hashed assets; an entry page must be revalidated
    // on every load, or a browser keeps an old page that points at assets a deploy has removed.
    return reply
      .header('Cache-Control', 'no-cache')
      .sendFile(file, distDir, { maxAge: 0, immutable: false, cacheControl: false });
  };
  for (const url of ADMIN_PATHS) app.get(url, page('index.html'));
  // Only the public pages may load the translation widget (DESIGN §8); the admin keeps the strict CSP.
  const publicPage = page('public.html', publicPageCsp(app.ctx.config));
  if (existsSync(path.join(distDir, 'public.html'))) for (const url of PUBLIC_PATHS) app.get(url, publicPage);
  for (const file of ['favicon.svg', 'favicon.ico', 'logo.svg']) {
    if (existsSync(path.join(distDir, file))) app.get(`/${file}`, page(file));
  }
}
