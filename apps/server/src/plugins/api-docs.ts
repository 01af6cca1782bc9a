import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SECURITY } from '../lib/route.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The conventions every endpoint shares; each operation's own schemas come from its contract. */
const DESCRIPTION = `The eTA Desk API. Every JSON reply is the envelope \`{ status, message, data? }\`: status 1 on success,
0 on a refusal or failure, 401 when the session is missing or dead. Lists add \`total\`. A 400 names the fields in
\`data.errors\` (field → message). Files (images, documents, PDFs) come as their bytes, not in the envelope.

Staff send the token from sign-in in \`Authorization\`, bare or as \`Bearer <token>\`. Application websites send
\`X-Api-Key\`. Customers send the order access token from track-order in \`Authorization\`.

Order ids in a path are URL-encoded as they are. See docs/api/ for codes, limits and paging.`;

/** The page's own policy (the admin's strict CSP otherwise): Swagger UI's files, its inline styles, the spec. */
const DOCS_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * OpenAPI 3.1 from the routes' contracts (lib/route.ts) at GET /api/openapi.json, and Swagger UI at
 * GET /api/docs, served from its own files (no CDN: the machine may have no internet). Register before
 * the routes: @fastify/swagger collects them as they are added.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'eTA Desk API', version: '1', description: DESCRIPTION },
      components: {
        securitySchemes: {
          [SECURITY.staff]: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The staff token from POST /api/admin/admin-login, bare or as `Bearer <token>`.',
          },
          [SECURITY.integration]: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          [SECURITY.front]: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The order access token from POST /api/front/track-order (30 minutes).',
          },
        },
      },
    },
    transform: ({ schema, url, route, ...document }) => {
      // Only the API is documented: the web app's pages and /healthz are not.
      if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
      const contract = route.config?.contract;
      // Multipart and reshaped bodies: the parts, or the shapes accepted, stand in for the body.
      const documented = contract?.form
        ? { ...schema, body: contract.form, consumes: ['multipart/form-data'] }
        : contract?.bodyShape
          ? { ...schema, body: contract.bodyShape }
          : schema;
      return jsonSchemaTransform({ schema: documented, url, route, ...document });
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: DOCS_CSP,
    uiConfig: { deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
