import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/**
 * Noto Sans (SIL Open Font License), from the npm registry so a fresh clone needs no system font:
 * Latin with its extensions (Polish, Czech, Turkish, Vietnamese…), Greek and Cyrillic. The standard
 * PDF fonts print only Western European letters, and a name printed as "?" is no evidence.
 */
const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
} as const;

export type FontStyle = keyof typeof FILES;

export interface PdfFonts {
  faces: Record<FontStyle, Font>;
  /** the code points every face can print (the three share one character set) */
  covers: (codePoint: number) => boolean;
}

let loaded: PdfFonts | null = null;

/**
 * The font with its "ccmp" feature off. With it, fontkit splits a precomposed letter such as "ị"
 * into "i" and a combining dot, and pdfkit then maps the plain "i" glyph back to "ị" for every "i"
 * of the document: the PDF looks right but its text reads wrong when copied or searched. Text is
 * NFC-normalised first (text.ts), and the font has the precomposed letters, so nothing is lost.
 */
function withoutDecomposition(font: Font): Font {
  const layout = font.layout.bind(font);
  return Object.create(font, {
    layout: {
      // a fresh object each call: fontkit writes its default features into the one it is given
      value: (text: string, features?: Record<string, boolean> | string[]) =>
        layout(text, Array.isArray(features) ? features : { ...features, ccmp: false }),
    },
  }) as Font;
}

function load(): PdfFonts {
  const require = createRequire(import.meta.url);
  const open = (file: string) => withoutDecomposition(create(readFileSync(require.resolve(file))) as Font);
  const faces = { regular: open(FILES.regular), bold: open(FILES.bold), italic: open(FILES.italic) };
  const sets = Object.values(faces).map((f) => new Set(f.characterSet));
  const [first, ...others] = sets as [Set<number>, ...Set<number>[]];
  const common = new Set([...first].filter((c) => others.every((s) => s.has(c))));
  return { faces, covers: (codePoint) => common.has(codePoint) };
}

/**
 * The fonts, read and parsed once per process on first use: every PDF after that shares the parsed
 * fonts (pdfkit takes a fontkit font as it is) and only embeds the glyphs it used.
 */
export function pdfFonts(): PdfFonts {
  loaded ??= load();
  return loaded;
}
