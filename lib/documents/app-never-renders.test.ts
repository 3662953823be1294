import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// PDFs are rendered only by the documents-lane worker: no route or page of the app may reach the
// renderer through its imports (type-only imports excepted), so no request can render in the app.

const root = path.resolve(import.meta.dirname, '../..');
const RENDERERS = [path.join(root, 'lib/documents/render.ts'), path.join(root, 'node_modules/@react-pdf/renderer')];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourcesUnder(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  if (specifier === '@react-pdf/renderer') return RENDERERS[1]!;
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Value imports and re-exports of a file (not `import type`). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) found.push(match[1]!);
  for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found.map((specifier) => resolveImport(file, specifier)).filter((resolved): resolved is string => resolved !== null);
}

/** The import chain from `entry` to a renderer, or null. */
function pathToRenderer(entry: string): string[] | null {
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (RENDERERS.includes(file)) {
      const chain: string[] = [];
      for (let at: string | null = file; at; at = parent.get(at) ?? null) chain.unshift(path.relative(root, at));
      return chain;
    }
    if (file.startsWith(path.join(root, 'node_modules'))) continue;
    for (const next of importsOf(file)) {
      if (!parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

describe('the app never renders a PDF', () => {
  const entries = [...sourcesUnder(path.join(root, 'app')), path.join(root, 'proxy.ts')].filter((file) => existsSync(file));

  it.each(entries.map((file) => path.relative(root, file)))('%s does not import the renderer', (entry) => {
    expect(pathToRenderer(path.join(root, entry))).toBeNull();
  });

  it('the worker does (the check can see an import chain)', () => {
    expect(pathToRenderer(path.join(root, 'lib/jobs/tasks.ts'))).not.toBeNull();
  });
});
