import {
  type Contract,
  type ContractReply,
  type ContractRequest,
  errorReplySchema,
  REAUTH_MINUTES,
  type RouteCapability,
  replySchema,
  successCodes,
} from '@eta/shared';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the contract the route was registered from (lib/route.ts); the API documentation reads it */
    contract?: Contract;
  }
}

/** OpenAPI security scheme names (plugins/api-docs.ts declares them). */
export const SECURITY = { staff: 'staffToken', integration: 'apiKey', front: 'orderToken' } as const;

/** What a route adds to its contract: hooks, a body limit, a rate limit. Never the schema. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  config?: Omit<FastifyContextConfig, 'capability' | 'contract' | 'beforeTwoFactor' | 'reauth'>;
};

/** A handler returns the envelope (checked against the contract's data type) or the reply it sent itself. */
export type ContractHandler<C extends Contract> = (
  request: FastifyRequest<ContractRequest<C>>,
  reply: FastifyReply,
) => Promise<ContractReply<C> | FastifyReply>;

export function capabilityOf(contract: Contract): RouteCapability | undefined {
  return 'capability' in contract.access ? contract.access.capability : undefined;
}

/** Asks for a fresh "confirm it is you" (DESIGN §22): the staff guard reads it from the route's config. */
const needsReauth = (contract: Contract): boolean => 'capability' in contract.access && contract.access.reauth === true;

/** What the documentation says of a route that needs a fresh confirmation, written once here. */
const REAUTH_NOTE = `Needs a confirmation (\`POST /api/admin/reauth\`) made in the last ${REAUTH_MINUTES} minutes; without it 403 with \`data.reauthRequired\`.`;

function descriptionOf(contract: Contract): string | undefined {
  const parts = [contract.description, needsReauth(contract) ? REAUTH_NOTE : undefined].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function securityOf(contract: Contract): FastifySchema['security'] {
  if ('capability' in contract.access) return [{ [SECURITY.staff]: [] }];
  if (contract.access.scope === 'integration') return [{ [SECURITY.integration]: [] }];
  if (contract.access.scope === 'front') return [{ [SECURITY.front]: [] }];
  return [];
}

/** A file reply: its bytes under each content type it may have. */
const fileReply = (types: readonly string[]) => ({
  description: 'The file itself, not an envelope',
  content: Object.fromEntries(types.map((type) => [type, { schema: z.file() }])),
});

/**
 * The route's Fastify schema: request schemas validate (as before), and the responses (the success
 * envelope around the contract's data, the error envelope for 4xx and 5xx) feed the documentation
 * and, in tests, the reply check (lib/reply-serializers.ts).
 */
export function routeSchema(contract: Contract): FastifySchema {
  const success = contract.file ? fileReply(contract.file) : replySchema(contract);
  const description = descriptionOf(contract);
  return {
    summary: contract.summary,
    ...(description ? { description } : {}),
    tags: [contract.tag],
    security: securityOf(contract),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    response: {
      ...Object.fromEntries(successCodes(contract).map((code) => [code, success])),
      '4xx': errorReplySchema,
      '5xx': errorReplySchema,
    },
  };
}

/** Registers `contract` on `app`: method, path, schemas and capability come from the contract alone. */
export function route<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
  extras: RouteExtras = {},
): void {
  const capability = capabilityOf(contract);
  const beforeTwoFactor = 'capability' in contract.access && contract.access.beforeTwoFactor;
  const reauth = needsReauth(contract);
  app.route({
    ...extras,
    method: contract.method,
    url: contract.path,
    schema: routeSchema(contract),
    config: {
      ...extras.config,
      contract,
      ...(capability ? { capability } : {}),
      ...(beforeTwoFactor ? { beforeTwoFactor } : {}),
      ...(reauth ? { reauth: true as const } : {}),
    },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
