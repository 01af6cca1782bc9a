import type { SettingMeta } from './env-fields.ts';
import { ENV_FIELDS } from './env-schema.ts';

/** A table cell: a `|` in it would end the cell. */
const cell = (text: string) => text.replaceAll('|', '\\|');

/**
 * README's settings table, printed from the environment schema (`npm run settings-table`): one row per
 * documented variable, in the schema's order; a variable whose row another names (`rowOf`) has none.
 */
export function settingsTable(): string[] {
  const lines = ['| variable | default | meaning |', '|---|---|---|'];
  for (const [name, schema] of Object.entries(ENV_FIELDS)) {
    const meta = schema.meta() as SettingMeta | undefined;
    if (!meta) throw new Error(`${name} has no row in the settings table`);
    if ('rowOf' in meta) continue;
    const { setting } = meta;
    const names = [name, ...(setting.with ?? [])].map((n) => `\`${n}\``).join(', ');
    lines.push(`| ${names} | ${cell(setting.default)} | ${cell(setting.meaning)} |`);
  }
  return lines;
}

if (import.meta.main) process.stdout.write(`${settingsTable().join('\n')}\n`);
