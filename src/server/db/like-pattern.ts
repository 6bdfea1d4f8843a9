// A search is data, never pattern: the LIKE wildcards and the escape character match themselves
// (used with `escape '\'`, lower-cased to match `lower(column)`).
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
