import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const HERE = path.dirname(new URL(import.meta.url).pathname);
export const ROOT = path.resolve(HERE, '../..');
const DIST = path.join(ROOT, 'apps/web/dist');

export interface BundleSize {
  entry: string;
  files: string[];
  bytes: number;
  gzipBytes: number;
}

/** Static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`), never `import()`. */
function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (let m = pattern.exec(code); m; m = pattern.exec(code)) found.push(m[1] as string);
  return found;
}

/**
 * What the browser must fetch before the page runs: the entry script of `html`, the modules it
 * preloads, and their static imports, each gzipped on its own (as a server sends them).
 */
export function firstLoadJs(html: string): BundleSize | null {
  const file = path.join(DIST, html);
  if (!existsSync(file)) return null;
  const page = readFileSync(file, 'utf8');
  const queue = [
    ...page.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...page.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => path.join(DIST, (m[1] as string).replace(/^\//, '')));
  const seen = new Set<string>();
  let bytes = 0;
  let gzipBytes = 0;
  while (queue.length > 0) {
    const chunk = queue.shift() as string;
    if (seen.has(chunk) || !existsSync(chunk)) continue;
    seen.add(chunk);
    const code = readFileSync(chunk);
    bytes += code.length;
    gzipBytes += gzipSync(code, { level: 9 }).length;
    for (const target of staticImports(code.toString('utf8'))) queue.push(path.resolve(path.dirname(chunk), target));
  }
  return { entry: html, files: [...seen].map((f) => path.relative(DIST, f)), bytes, gzipBytes };
}

/** Builds the web app when it has not been built (or when asked), then measures both entries. */
export function bundleSizes(rebuild: boolean): { admin: BundleSize | null; public: BundleSize | null } {
  if (rebuild || !existsSync(path.join(DIST, 'index.html'))) {
    console.log('building the web app (npm run build -w apps/web)…');
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  }
  return { admin: firstLoadJs('index.html'), public: firstLoadJs('public.html') };
}
