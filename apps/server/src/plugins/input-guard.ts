import { SERVER_MSG } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { inspectInput, inspectParsedJson, jsonText } from '../lib/input-guard.ts';

/** The query string's percent-encoding decodes to UTF-8 (a malformed escape or byte throws). */
function wellEncoded(query: string): boolean {
  try {
    decodeURIComponent(query);
    return true;
  } catch {
    return false;
  }
}

/**
 * DESIGN §22 at the edge of every route, registered before them all (the routes' scopes inherit it):
 * - JSON bodies must be UTF-8 (an invalid byte is refused, not turned into U+FFFD) and hold no object
 *   of more than 1,000 keys (counted in the text, before the slow parse of a wide object), then parse
 *   as Fastify's own parser does (prototype poisoning refused), and are walked for NUL only if their
 *   text writes one;
 * - a query string whose escapes are not UTF-8 is 400 `Invalid request`, as a malformed path is;
 * - params, query and any body not checked above are walked once before validation
 *   (lib/input-guard.ts): too wide an object is `Too many fields.`, a NUL anywhere is 400 naming the field.
 * The dispute webhooks read their raw bytes themselves and apply the same checks once verified.
 */
export function guardInput(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // bodies this parser has already checked whole: the hook below does not walk them again
  const checked = new WeakSet<object>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = jsonText(body as Buffer);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      try {
        inspectParsedJson(text, parsed);
      } catch (refusal) {
        return done(refusal as Error, undefined);
      }
      if (typeof parsed === 'object' && parsed !== null) checked.add(parsed);
      return done(null, parsed);
    });
  });

  app.addHook('onRequest', async (request) => {
    const at = request.url.indexOf('?');
    if (at >= 0 && !wellEncoded(request.url.slice(at + 1))) throw AppError.badRequest(SERVER_MSG.invalidBody);
  });

  app.addHook('preValidation', async (request) => {
    inspectInput(request.params);
    inspectInput(request.query);
    const { body } = request;
    if (!(typeof body === 'object' && body !== null && checked.has(body))) inspectInput(body);
  });
}
