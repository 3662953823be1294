// Bundled fonts only: nothing is fetched at render time, so a render never waits on the network
// and every server produces the same bytes.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Font } from '@react-pdf/renderer';
import { woffToSfnt } from './woff';

export const FONT_FAMILY = 'Inter';

/**
 * Finds @fontsource/inter from the project root first: inside the Next.js server this module is
 * bundled and `import.meta.url` points into `.next/`, while `process.cwd()` is the project root.
 * The module's own location is the fallback for a process started elsewhere.
 */
function fontDirectory(): string {
  const bases = [pathToFileURL(path.join(process.cwd(), 'package.json')).href, import.meta.url];
  for (const base of bases) {
    try {
      const manifest = createRequire(base).resolve('@fontsource/inter/package.json');
      const directory = path.join(path.dirname(manifest), 'files');
      if (existsSync(directory)) return directory;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'MODULE_NOT_FOUND')) throw error;
    }
  }
  throw new Error('@fontsource/inter is not installed; the documents need its bundled font files');
}

/**
 * Words are never hyphenated: react-pdf's default English hyphenator splits German compounds
 * ("Versicherungs-teuer") and policy numbers at odd places. A whole word moves to the next line.
 */
function keepWordsWhole(word: string): string[] {
  return [word];
}

/** The font as a data URL of the plain sfnt; see woff.ts for why it is not the WOFF file. */
function fontSource(directory: string, file: string): string {
  const sfnt = woffToSfnt(readFileSync(path.join(directory, file)));
  return `data:font/ttf;base64,${sfnt.toString('base64')}`;
}

let registered = false;

export function registerFonts(): void {
  if (registered) return;
  const directory = fontDirectory();
  Font.register({
    family: FONT_FAMILY,
    fonts: [
      { src: fontSource(directory, 'inter-latin-400-normal.woff'), fontWeight: 400 },
      { src: fontSource(directory, 'inter-latin-700-normal.woff'), fontWeight: 700 },
    ],
  });
  Font.registerHyphenationCallback(keepWordsWhole);
  registered = true;
}
