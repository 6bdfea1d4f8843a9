// Reads a JSON document as it streams in, character by character, and hands out each complete object
// of its first array as soon as its closing brace arrives: `{"tasks":[{…},{…` yields the first task
// before the second is written. Only object elements are handed out; everything else is skipped.
// (Decision 025: no maintained streaming parser is installed, and this needs only brace counting.)
export function createArrayObjectReader() {
  let inArray = false;
  let ended = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let current = '';
  const done: string[] = [];

  function push(text: string): string[] {
    for (const char of text) {
      if (ended) break;
      if (!inArray) {
        if (inString) {
          if (escaped) escaped = false;
          else if (char === '\\') escaped = true;
          else if (char === '"') inString = false;
        } else if (char === '"') inString = true;
        else if (char === '[') inArray = true;
        continue;
      }
      if (depth === 0) {
        if (char === '{') {
          depth = 1;
          current = '{';
        } else if (char === ']') ended = true;
        continue;
      }
      current += char;
      if (inString) {
        if (escaped) escaped = false;
        else if (char === '\\') escaped = true;
        else if (char === '"') inString = false;
      } else if (char === '"') inString = true;
      else if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') {
        depth -= 1;
        if (depth === 0) {
          done.push(current);
          current = '';
        }
      }
    }
    return done.splice(0);
  }

  return { push };
}
