// Each person's caret and ring colour, the same in every browser: picked from their id, among colours
// dark enough for white caret labels (Tailwind's 700 shades).
const COLORS = ['#b91c1c', '#c2410c', '#a16207', '#15803d', '#0f766e', '#0369a1', '#4338ca', '#7e22ce', '#be185d'];

export function colorOf(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length]!;
}
