import { mentionToken } from '#src/shared/notifications/mentions.ts';
import { replaceEmojiNames } from './emoji-names.ts';

// Who a Slack user id is here: a member (their mention token, so it shows their current name) or the
// name they had in Slack.
export type PersonOf = (slackId: string) => { memberId: string } | { name: string } | undefined;

export interface MrkdwnContext {
  person: PersonOf;
  channelName: (slackId: string) => string | undefined;
}

const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const SAFE_URL = /^(https?:\/\/|mailto:)[^\s<>]+$/i;
const bracketsEscaped = (text: string) => text.replace(/([[\]\\])/g, '\\$1');

// One `<…>` of Slack's: a mention, a channel, a special mention, or a link.
function convertAngle(inner: string, context: MrkdwnContext): string {
  const [target = '', label] = inner.split('|', 2) as [string, string | undefined];
  if (target.startsWith('@')) {
    const found = context.person(target.slice(1));
    if (found && 'memberId' in found) return mentionToken(found.memberId);
    return `@${found?.name ?? label ?? target.slice(1)}`;
  }
  if (target.startsWith('#')) return `#${context.channelName(target.slice(1)) ?? label ?? 'channel'}`;
  if (target.startsWith('!')) {
    const special = target.slice(1);
    if (special === 'here' || special === 'channel' || special === 'everyone') return `@${special}`;
    return label ?? '';
  }
  const url = unescape(target);
  if (!SAFE_URL.test(url)) return unescape(label ?? target);
  const text = label === undefined ? url.replace(/^mailto:/i, '') : unescape(label);
  return `[${bracketsEscaped(text)}](${url.replace(/[()]/g, (c) => encodeURIComponent(c))})`;
}

// Prose outside code: Slack's `*bold*` and `~strike~` to Markdown's, and what Markdown would read as
// markup but Slack shows as written (a `#` opening a line, a `<`) escaped.
function convertProse(text: string, context: MrkdwnContext): string {
  const kept: string[] = [];
  // Held out of the prose rules by a private-use mark, which the input is stripped of first.
  const keep = (value: string) => `\uE000${kept.push(value) - 1}\uE000`;
  let out = text.replace(/<([^<>\n]{1,2000})>/g, (_whole, inner: string) => keep(convertAngle(inner, context)));
  out = unescape(out)
    .replace(/(^|[\s(])\*(?=\S)([^*\n]*?\S)\*(?=$|[\s).,!?:;])/gm, '$1**$2**')
    .replace(/(^|[\s(])~(?=\S)([^~\n]*?\S)~(?=$|[\s).,!?:;])/gm, '$1~~$2~~')
    .replace(/</g, '\\<')
    .replace(/^(\s*)#/gm, '$1\\#');
  out = replaceEmojiNames(out);
  return out.replace(/\uE000(\d+)\uE000/g, (_whole, index: string) => kept[Number(index)]!);
}

// Slack's mrkdwn to our Markdown: user mentions to members (or Slack names), channel links to names,
// links to Markdown links, bold and strike to Markdown's; code left as it was.
export function slackToMarkdown(text: string, context: MrkdwnContext): string {
  const parts = text.replace(/\uE000/g, '').split(/(```[\s\S]*?```|`[^`\n]+`)/);
  return parts
    .map((part, index) => {
      if (index % 2 === 0) return convertProse(part, context);
      if (part.startsWith('```')) return `\n\`\`\`\n${unescape(part.slice(3, -3)).replace(/^\n|\n$/g, '')}\n\`\`\`\n`;
      return unescape(part);
    })
    .join('')
    .replace(/^\n+|\n+$/g, '');
}
