import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Env } from './config.ts';
import { loadConfig } from './config.ts';
import type { SettingMeta } from './env-fields.ts';
import { ENV_FIELDS } from './env-schema.ts';
import { settingsTable } from './settings-table.ts';

/**
 * README's settings table is the operator's list of settings; the environment schema (env-schema.ts),
 * through which config.ts reads them, is the one place they are described, and `npm run settings-table`
 * prints the table from it. This test keeps README equal to that table and to what is read, and the table one table: a blank line
 * inside it once turned 45 settings into plain text (issue 32).
 */
const SRC = path.dirname(new URL(import.meta.url).pathname);
const README = path.resolve(SRC, '../../../README.md');

/** Read by main.ts but set by npm itself (the folder `npm run` was typed in), not an operator setting. */
const NOT_SETTINGS = new Set(['INIT_CWD']);

const NAME = /^[A-Z][A-Z0-9_]*$/;

/** The lines of README's "## Settings" section, up to the next heading. */
function settingsSection(): string[] {
  const lines = readFileSync(README, 'utf8').split('\n');
  const start = lines.indexOf('## Settings');
  expect(start, 'README has a "## Settings" section').toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

/** Every name README's table documents (the backticked names of each row's first cell). */
function documentedNames(): Set<string> {
  const section = settingsSection();
  const header = section.findIndex((line) => line.startsWith('| variable |'));
  const rows: string[] = [];
  for (const line of section.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return new Set(
    rows.flatMap((row) =>
      [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '').filter((n) => NAME.test(n)),
    ),
  );
}

/**
 * Every name loadConfig reads: each key it asks of the environment, for an empty one and one with S3
 * storage (S3_* are read only then), and, for reads behind other conditions, every `env.NAME`,
 * `env['NAME']` and `(env, 'NAME'` written in the server's sources (process.env included).
 */
function readNames(): Set<string> {
  const names = new Set<string>();
  const recording = (values: Env): Env =>
    new Proxy(values, {
      get(target, key) {
        if (typeof key === 'string') names.add(key);
        return target[key as string];
      },
    });
  loadConfig(recording({}), { generateJwtSecret: false });
  loadConfig(recording({ STORAGE_URL: 's3://bucket/prefix' }), { generateJwtSecret: false });
  const written = /(?:env\.|env\[\s*'|\(env,\s*')([A-Z][A-Z0-9_]*)/g;
  for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    for (const m of readFileSync(path.join(SRC, file), 'utf8').matchAll(written)) names.add(m[1] ?? '');
  }
  return new Set([...names].filter((n) => NAME.test(n) && !NOT_SETTINGS.has(n)));
}

describe("README's settings table", () => {
  it('is one table: every line from its header to its end is a row, and no row follows a break', () => {
    const section = settingsSection();
    const header = section.findIndex((line) => line.startsWith('| variable |'));
    expect(header).toBeGreaterThanOrEqual(0);
    expect(section[header + 1]).toMatch(/^\|(?:-+\|)+$/);
    let end = header + 2;
    while (end < section.length && section[end]?.startsWith('|')) end += 1;
    const strayRows = section.slice(end).filter((line) => line.startsWith('|'));
    expect(strayRows, 'rows after a break in the table render as plain text').toEqual([]);
  });

  it('documents every setting config.ts reads, and nothing it does not', () => {
    const documented = documentedNames();
    const read = readNames();
    expect(read.size).toBeGreaterThan(40);
    const undocumented = [...read].filter((n) => !documented.has(n)).sort();
    const notRead = [...documented].filter((n) => !read.has(n)).sort();
    expect({ undocumented, notRead }).toEqual({ undocumented: [], notRead: [] });
  });

  it('is the table `npm run settings-table` prints from the environment schema', () => {
    const section = settingsSection();
    const header = section.findIndex((line) => line.startsWith('| variable |'));
    let end = header + 1;
    while (end < section.length && section[end]?.startsWith('|')) end += 1;
    expect(section.slice(header, end)).toEqual(settingsTable());
  });

  it('names each variable in one row: a row that carries another lists it, and it points back', () => {
    const metas = Object.entries(ENV_FIELDS).map(([name, schema]) => [name, schema.meta() as SettingMeta] as const);
    const carried = metas.flatMap(([name, meta]) =>
      'setting' in meta ? (meta.setting.with ?? []).map((w) => [w, name]) : [],
    );
    const pointing = metas.flatMap(([name, meta]) => ('rowOf' in meta ? [[name, meta.rowOf]] : []));
    expect(pointing.sort()).toEqual(carried.sort());
  });
});
