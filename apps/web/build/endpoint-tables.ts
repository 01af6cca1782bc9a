import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** A contract file: packages/shared/src/contracts/<feature>.ts, not the helpers beside them. */
const CONTRACT_FILE =
  /[\\/]packages[\\/]shared[\\/]src[\\/]contracts[\\/](?!contract\.ts|endpoints\.ts|index\.ts)[\w-]+\.ts$/;

const endpointOf = (value: unknown) => {
  const { method, path } = value as { method: string; path: string };
  return { method, path };
};

/**
 * An endpoint is written in one place, its contract file: its method and path in the file's table
 * (`FOLLOW_UP_API`) beside its contract (`FOLLOW_UP_CONTRACTS`) and the schemas that contract
 * names. The web calls through the tables and takes the contracts' types only, so this hands the web
 * build each contract file as its tables alone, read from the real module when it is loaded:
 * neither bundle carries a schema it never runs (DESIGN §11's first-load budgets). A bundler cannot
 * do this by tree-shaking: the schemas' zod calls look like side effects to it (decision 0356).
 * Tests and the server import the real files.
 */
export function endpointTablesOnly(): Plugin {
  return {
    name: 'eta-endpoint-tables-only',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0] as string;
      if (!CONTRACT_FILE.test(file)) return null;
      // the modification time in the URL: a dev server reads a contract file again once it changes
      const module: Record<string, unknown> = await import(
        `${pathToFileURL(file).href}?v=${Math.trunc(statSync(file).mtimeMs)}`
      );
      const lines: string[] = [];
      for (const [name, value] of Object.entries(module)) {
        if (name.endsWith('_API')) lines.push(`export const ${name} = ${JSON.stringify(value)};`);
        else if (name.endsWith('_CONTRACTS')) {
          const endpoints = Object.fromEntries(Object.entries(value as object).map(([key, c]) => [key, endpointOf(c)]));
          lines.push(`export const ${name} = ${JSON.stringify(endpoints)};`);
        }
        // anything else a contract file exports is a schema: the web takes its type, never its value
      }
      return lines.join('\n');
    },
  };
}
