import { SEARCH_TERMS_MAX, type SnippetPart } from '#src/shared/search/paths.ts';

// A word as both engines' indexes see it: letters and digits, accents removed, lower case (FTS5's
// unicode61 with remove_diacritics, PostgreSQL's unaccent). Everything else separates words, so no
// operator of either query language can reach the engine.
const WORD = /[\p{L}\p{N}]+/gu;

export const foldWord = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

// The distinct folded words of what was typed, at most SEARCH_TERMS_MAX.
export function searchTerms(query: string): string[] {
  const terms = (query.match(WORD) ?? []).map(foldWord).filter((term) => term.length > 0);
  return [...new Set(terms)].slice(0, SEARCH_TERMS_MAX);
}

// Every term must match the start of a word: results appear while the last word is still being typed.
export const ftsMatch = (terms: string[]) => terms.map((term) => `"${term}"*`).join(' ');
export const tsQuery = (terms: string[]) => terms.map((term) => `${term}:*`).join(' & ');

interface Word {
  start: number;
  end: number;
  match: boolean;
}

function words(text: string, terms: string[]): Word[] {
  return [...text.matchAll(WORD)].map((found) => {
    const folded = foldWord(found[0]);
    return { start: found.index, end: found.index + found[0].length, match: terms.some((term) => folded.startsWith(term)) };
  });
}

function parts(text: string, list: Word[], from: number, to: number): SnippetPart[] {
  const result: SnippetPart[] = [];
  let at = from;
  for (const word of list) {
    if (!word.match || word.start < from || word.end > to) continue;
    if (word.start > at) result.push({ text: text.slice(at, word.start), match: false });
    result.push({ text: text.slice(word.start, word.end), match: true });
    at = word.end;
  }
  if (at < to) result.push({ text: text.slice(at, to), match: false });
  return result;
}

// The whole text (a title), its matching words marked.
export function highlight(text: string, terms: string[]): SnippetPart[] {
  return parts(text, words(text, terms), 0, text.length);
}

// About `size` words around the first match (the start of the text when only the title matched), its
// matching words marked, on one line. Done here rather than by each engine (FTS5 snippet(), PostgreSQL
// ts_headline()) so both engines show the same snippet for the same text.
export function snippet(text: string, terms: string[], size = 24): SnippetPart[] {
  const list = words(text, terms);
  if (list.length === 0) return [];
  const first = Math.max(
    0,
    list.findIndex((word) => word.match),
  );
  const startWord = Math.max(0, first - Math.floor(size / 3));
  const endWord = Math.min(list.length, startWord + size) - 1;
  const from = startWord === 0 ? 0 : list[startWord]!.start;
  const to = endWord === list.length - 1 ? text.length : list[endWord]!.end;
  const result = parts(text, list, from, to).map((part) => ({ ...part, text: part.text.replace(/\s+/g, ' ') }));
  if (from > 0) result.unshift({ text: '…', match: false });
  if (to < text.length) result.push({ text: '…', match: false });
  return result;
}
