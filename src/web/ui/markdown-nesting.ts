// Markdown containers nest by their markers at the start of a line ("> > > x", "- - - x", "1. 1. x"), and
// the parser recurses once per level: 10,000 of them overflow the stack and take the page down for every
// reader. Past this depth the rest of the line's markers are escaped, so they show as typed.
export const MAX_MARKDOWN_NESTING = 16;

const CONTAINER_MARKER = /^ {0,3}(?:>|[-+*](?=[ \t])|\d{1,9}[.)](?=[ \t]))[ \t]?/;

function boundLine(line: string, maxDepth: number): string {
  let rest = line;
  let kept = '';
  for (let depth = 0; depth < maxDepth; depth++) {
    const marker = CONTAINER_MARKER.exec(rest);
    if (!marker) return line;
    kept += marker[0];
    rest = rest.slice(marker[0].length);
  }
  const next = CONTAINER_MARKER.exec(rest);
  if (!next) return line;
  // A backslash before the first marker past the bound makes it, and so all after it, plain text.
  const at = next[0].search(/\S/);
  return `${kept}${rest.slice(0, at)}\\${rest.slice(at)}`;
}

export function boundNesting(source: string, maxDepth = MAX_MARKDOWN_NESTING): string {
  return source
    .split('\n')
    .map((line) => boundLine(line, maxDepth))
    .join('\n');
}
