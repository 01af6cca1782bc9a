import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as shared from '@eta/shared';
import { describe, expect, it } from 'vitest';
import { endpointTablesOnly } from '../../build/endpoint-tables.ts';

const CONTRACTS_DIR = fileURLToPath(new URL('../../../../packages/shared/src/contracts/', import.meta.url));
const FILES = readdirSync(CONTRACTS_DIR).filter(
  (f) => f.endsWith('.ts') && !/^(contract|endpoints|index)\.ts$|\.test\.ts$/.test(f),
);

/** What the web build receives for a contract file: the plugin's module, evaluated. */
async function webModule(file: string): Promise<{ code: string; exports: Record<string, unknown> }> {
  const load = endpointTablesOnly().load as (id: string) => Promise<string | null>;
  const code = (await load.call({}, path.join(CONTRACTS_DIR, file))) as string;
  const exports = await import(`data:text/javascript,${encodeURIComponent(code)}`);
  return { code, exports };
}

describe('the web build takes each contract file as its endpoint tables alone', () => {
  it.each(FILES)('%s: the same tables as the real module, and no schema', async (file) => {
    const real: Record<string, unknown> = await import(path.join(CONTRACTS_DIR, file));
    const { code, exports } = await webModule(file);
    for (const [name, value] of Object.entries(real)) {
      if (name.endsWith('_API')) expect(exports[name], name).toEqual(value);
      else if (name.endsWith('_CONTRACTS')) {
        for (const [key, c] of Object.entries(value as Record<string, shared.Contract>)) {
          expect((exports[name] as Record<string, unknown>)[key], `${name}.${key}`).toEqual({
            method: c.method,
            path: c.path,
          });
        }
      } else expect(exports[name], `${name} is a schema, not for the web`).toBeUndefined();
    }
    // the contracts' own fields (and with them every schema) are left out
    expect(code).not.toMatch(/import|"tag":|"access":|"summary":"/);
  });

  it('leaves every other module alone', async () => {
    const load = endpointTablesOnly().load as (id: string) => Promise<string | null>;
    expect(await load.call({}, path.join(CONTRACTS_DIR, 'endpoints.ts'))).toBeNull();
    expect(await load.call({}, path.join(CONTRACTS_DIR, '../folders.ts'))).toBeNull();
  });

  it('every contract answers at an endpoint its file declares in a table, so the web can call it', () => {
    const tables = Object.entries(shared)
      .filter(([name]) => name.endsWith('_API') && name !== 'PUBLIC_API')
      .flatMap(([, table]) => Object.values(table as Record<string, shared.Endpoint>));
    const declared = new Set(tables.map((e) => `${e.method} ${e.path}`));
    const missing = shared.API_CONTRACTS.filter((c) => !declared.has(`${c.method} ${c.path}`));
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });
});
