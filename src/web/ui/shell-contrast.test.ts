// @vitest-environment node
import palette from 'tailwindcss/colors';
import { describe, expect, it } from 'vitest';

// BRAND.md: every text/background pair of the signed-in shell meets WCAG AA. The colours are read
// from the real stylesheets (our @theme tokens, resolved through Tailwind's palette), so changing a token
// in styles.css is checked here before any browser runs, in the light theme and in the dark one.

// WCAG 1.4.3: 4.5:1 for text; 1.4.11: 3:1 for icons and focus rings that carry meaning.
const TEXT = 4.5;
const GRAPHIC = 3;

interface Pair {
  where: string;
  fg: string;
  bg: string;
  min: number;
}

const pairs: Pair[] = [
  // The left rail (dark).
  { where: 'rail item label and icon', fg: 'rail-ink', bg: 'rail', min: TEXT },
  { where: 'rail group label "More" (10 px)', fg: 'rail-ink', bg: 'rail', min: TEXT },
  { where: 'rail item hovered or current', fg: 'rail-ink-strong', bg: 'rail-raised', min: TEXT },
  { where: 'rail focus ring', fg: 'rail-focus', bg: 'rail', min: GRAPHIC },
  // The top bar (white).
  { where: 'workspace name', fg: 'slate-900', bg: 'white', min: TEXT },
  { where: 'top bar icon buttons', fg: 'slate-600', bg: 'white', min: GRAPHIC },
  { where: 'top bar icon button hovered', fg: 'slate-900', bg: 'slate-100', min: GRAPHIC },
  { where: 'switcher chevron', fg: 'slate-500', bg: 'white', min: GRAPHIC },
  { where: 'ADMIN badge', fg: 'accent-800', bg: 'accent-100', min: TEXT },
  { where: 'unread count (10 px)', fg: 'white', bg: 'red-600', min: TEXT },
  { where: 'user name', fg: 'slate-800', bg: 'white', min: TEXT },
  { where: 'search text', fg: 'slate-900', bg: 'slate-50', min: TEXT },
  { where: 'search placeholder', fg: 'slate-500', bg: 'slate-50', min: TEXT },
  { where: 'search icon', fg: 'slate-500', bg: 'slate-50', min: GRAPHIC },
  { where: 'avatar initials', fg: 'accent-800', bg: 'accent-100', min: TEXT },
  // Menus (white, highlighted row slate-100).
  { where: 'menu item', fg: 'slate-700', bg: 'white', min: TEXT },
  { where: 'menu item highlighted', fg: 'slate-900', bg: 'slate-100', min: TEXT },
  { where: 'menu label and secondary line', fg: 'ink-muted', bg: 'white', min: TEXT },
  { where: 'secondary line of a highlighted menu item', fg: 'ink-muted', bg: 'slate-100', min: TEXT },
  { where: 'user menu email', fg: 'slate-500', bg: 'white', min: TEXT },
  { where: 'user menu role', fg: 'accent-700', bg: 'white', min: TEXT },
  // Side panels (white).
  { where: 'panel title', fg: 'slate-900', bg: 'white', min: TEXT },
  { where: 'panel item', fg: 'slate-700', bg: 'white', min: TEXT },
  { where: 'panel item hovered', fg: 'slate-900', bg: 'slate-100', min: TEXT },
  { where: 'panel close icon', fg: 'slate-500', bg: 'white', min: GRAPHIC },
  // The page canvas and its cards.
  { where: 'page heading', fg: 'slate-900', bg: 'slate-50', min: TEXT },
  { where: 'page lead', fg: 'slate-600', bg: 'slate-50', min: TEXT },
  { where: 'card title and figures', fg: 'slate-900', bg: 'white', min: TEXT },
  { where: 'card text and stat labels', fg: 'slate-600', bg: 'white', min: TEXT },
  { where: 'stat change and activity time', fg: 'slate-500', bg: 'white', min: TEXT },
  { where: 'activity text', fg: 'slate-800', bg: 'white', min: TEXT },
  { where: 'table cell', fg: 'slate-700', bg: 'white', min: TEXT },
  { where: 'table header', fg: 'slate-500', bg: 'slate-50', min: TEXT },
  { where: 'primary button', fg: 'white', bg: 'accent-600', min: TEXT },
  { where: 'primary button hovered', fg: 'white', bg: 'accent-700', min: TEXT },
  { where: 'secondary button', fg: 'slate-800', bg: 'white', min: TEXT },
  { where: 'text link', fg: 'accent-700', bg: 'white', min: TEXT },
  { where: 'badge green', fg: 'green-800', bg: 'green-50', min: TEXT },
  { where: 'badge amber', fg: 'amber-800', bg: 'amber-50', min: TEXT },
  { where: 'badge grey', fg: 'slate-700', bg: 'slate-100', min: TEXT },
  { where: 'badge sky', fg: 'sky-800', bg: 'sky-50', min: TEXT },
  { where: 'badge red', fg: 'red-800', bg: 'red-50', min: TEXT },
  { where: 'badge accent', fg: 'accent-800', bg: 'accent-50', min: TEXT },
  { where: 'focus ring on white', fg: 'focus', bg: 'white', min: GRAPHIC },
  { where: 'focus ring on the canvas', fg: 'focus', bg: 'slate-50', min: GRAPHIC },
];

// The stylesheet as written. Vitest hands CSS imports over empty, and the web project has no Node types,
// so Node's fs is reached through the process the test runs in.
interface NodeProcess {
  getBuiltinModule(id: 'node:fs'): { readFileSync(path: string, encoding: 'utf8'): string };
}
const { readFileSync } = (globalThis as unknown as { process: NodeProcess }).process.getBuiltinModule('node:fs');
const appStyles = readFileSync(new URL('../app/styles.css', import.meta.url).pathname, 'utf8');

// Tailwind's palette (the values behind its --color-slate-500 and kin), then every `--color-name: value;`
// of our @theme, which wins as in the cascade; for the dark theme, then those of its block, which win in turn.
const DARK_BLOCK = /:root\[data-theme='dark'\]\s*\{([^}]*)\}/;
const darkBlock = DARK_BLOCK.exec(appStyles)?.[1] ?? '';
const declared = (css: string) => [...css.matchAll(/--color-([a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()] as const);
const lightTokens = new Map<string, string>([
  ...Object.entries(palette).flatMap(([family, value]) =>
    typeof value === 'string'
      ? [[family, value] as const]
      : Object.entries(value).map(([shade, colour]) => [`${family}-${shade}`, colour] as const),
  ),
  ...declared(appStyles.replace(DARK_BLOCK, '')),
]);
const themes = { light: lightTokens, dark: new Map([...lightTokens, ...declared(darkBlock)]) };
type ThemeName = keyof typeof themes;

function resolve(name: string, theme: ThemeName, seen: string[] = []): string {
  const value = themes[theme].get(name);
  if (!value) throw new Error(`No --color-${name} in styles.css or Tailwind's theme`);
  if (seen.includes(name)) throw new Error(`--color-${name} refers to itself`);
  const reference = /^var\(--color-([a-z0-9-]+)\)$/.exec(value);
  return reference ? resolve(reference[1]!, theme, [...seen, name]) : value;
}

// Linear-light sRGB channels (0–1) of an oklch() or #hex colour, clipped to the sRGB gamut as browsers draw it.
function linearRgb(value: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d) : hex[1]!.match(/../g)!;
    const [r, g, b] = digits.map((d) => {
      const c = parseInt(d, 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return [r!, g!, b!];
  }
  const oklch = /^oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)$/.exec(value);
  if (!oklch) throw new Error(`Cannot read the colour ${value}`);
  const [lightness, chroma, hue] = [Number(oklch[1]) / 100, Number(oklch[2]), (Number(oklch[3]) * Math.PI) / 180];
  const a = chroma * Math.cos(hue);
  const b = chroma * Math.sin(hue);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (c: number) => Math.min(1, Math.max(0, c));
  return [
    clip(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    clip(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    clip(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

const luminance = (name: string, theme: ThemeName) => {
  const [r, g, b] = linearRgb(resolve(name, theme));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

function contrast(fg: string, bg: string, theme: ThemeName = 'light'): number {
  const [light, dark] = [luminance(fg, theme), luminance(bg, theme)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('shell colour contrast (WCAG AA)', () => {
  it('measures as axe does: the old rail label, slate-500 on slate-900, was 3.74:1; white on black is 21:1', () => {
    expect(contrast('slate-500', 'slate-900')).toBeCloseTo(3.74, 2);
    expect(contrast('white', 'black')).toBeCloseTo(21, 5);
  });

  it('reads a dark theme that redraws the canvas dark and its text light', () => {
    expect(darkBlock).not.toBe('');
    expect(luminance('slate-50', 'dark')).toBeLessThan(0.02);
    expect(luminance('slate-900', 'dark')).toBeGreaterThan(0.9);
  });

  const cases = (['light', 'dark'] as const).flatMap((theme) => pairs.map((pair) => ({ ...pair, theme })));
  it.each(cases)('$theme theme, $where: $fg on $bg reaches $min:1', ({ fg, bg, min, theme }) => {
    expect(contrast(fg, bg, theme)).toBeGreaterThanOrEqual(min);
  });
});
