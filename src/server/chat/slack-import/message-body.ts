import { CHAT_MESSAGE_MAX } from '#src/shared/chat/paths.ts';
import { slackToMarkdown, type MrkdwnContext } from './mrkdwn.ts';
import type { SlackMessage } from './slack-export.ts';

// A Slack message as our chat message's Markdown: its text converted, the names of the files it shared
// (their contents are not in an export), and cut to the length a chat message may have.
export function messageBody(message: SlackMessage, context: MrkdwnContext): { body: string; shortened: boolean } {
  const text = slackToMarkdown(message.text, context);
  const files = message.files.map((name) => `📎 ${name.replace(/[\\`*_[\]<>#]/g, '\\$&')}`);
  const body = [text, ...files].filter((part) => part.length > 0).join('\n\n');
  if (body.length <= CHAT_MESSAGE_MAX) return { body, shortened: false };
  // Cut between characters, never inside an emoji's surrogate pair.
  let end = CHAT_MESSAGE_MAX - 1;
  if (/[\uD800-\uDBFF]/.test(body.charAt(end - 1))) end -= 1;
  return { body: `${body.slice(0, end)}…`, shortened: true };
}
