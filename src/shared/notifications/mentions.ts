// A mention is stored as `<@member-id>`, so it names the member, not the text of their name: it shows
// their current name after a rename. The picker inserts it; a mention of someone not a member shows as
// plain text and notifies nobody.
const MENTION = /<@([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})>/g;

export const mentionToken = (memberId: string) => `<@${memberId}>`;

export function mentionedIds(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(MENTION), (match) => match[1]!))];
}

export type MentionPart = { text: string } | { memberId: string; name: string };

// The text split into plain runs and mentions of known members; an unknown id reads as "@unknown member"
// text, never as the raw token.
export function splitMentions(text: string, nameOf: (id: string) => string | undefined): MentionPart[] {
  const parts: MentionPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    const name = nameOf(match[1]!);
    parts.push(name === undefined ? { text: '@unknown member' } : { memberId: match[1]!, name });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function renderMentions(text: string, nameOf: (id: string) => string | undefined): string {
  return splitMentions(text, nameOf)
    .map((part) => ('memberId' in part ? `@${part.name}` : part.text))
    .join('');
}
