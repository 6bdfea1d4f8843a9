import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX } from '#src/shared/chat/paths.ts';
import { mentionToken } from '#src/shared/notifications/mentions.ts';
import { messageBody } from './message-body.ts';
import { slackToMarkdown, type MrkdwnContext } from './mrkdwn.ts';

const MEMBER = '0b4c1a2e-1111-4222-8333-944455556666';
const context: MrkdwnContext = {
  person: (id) => (id === 'U1' ? { memberId: MEMBER } : id === 'U2' ? { name: 'Sam Outsider' } : undefined),
  channelName: (id) => (id === 'C1' ? 'design' : undefined),
};
const md = (text: string) => slackToMarkdown(text, context);

describe("Slack's mrkdwn to our Markdown", () => {
  it('turns mentions into members, or Slack names, and channels into names', () => {
    expect(md('Hi <@U1>, <@U2> and <@U9|ghost>')).toBe(`Hi ${mentionToken(MEMBER)}, @Sam Outsider and @ghost`);
    expect(md('See <#C1> and <#C7|random>')).toBe('See #design and #random');
    expect(md('<!here> <!channel> <!subteam^S1|@devs> <!date^1392734382^{date}|Feb 18th>')).toBe('@here @channel @devs Feb 18th');
  });

  it('turns links into Markdown links, and refuses what is not a web or mail address', () => {
    expect(md('<https://example.com/a?b=1&amp;c=2|the [spec]>')).toBe('[the \\[spec\\]](https://example.com/a?b=1&c=2)');
    expect(md('<https://example.com>')).toBe('[https://example.com](https://example.com)');
    expect(md('<mailto:a@example.com|a@example.com>')).toBe('[a@example.com](mailto:a@example.com)');
    expect(md('<javascript:alert(1)|click>')).toBe('click');
  });

  it('converts bold and strike, leaves code alone, and keeps what Markdown would misread as written', () => {
    expect(md('*bold* _italic_ ~gone~')).toBe('**bold** _italic_ ~~gone~~');
    expect(md('a*b*c stays')).toBe('a*b*c stays');
    expect(md('`*not bold* &lt;x&gt;`')).toBe('`*not bold* <x>`');
    expect(md('before ```const a = *b*;``` after')).toBe('before \n```\nconst a = *b*;\n```\n after');
    expect(md('# not a heading\n&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('\\# not a heading\n\\<script>alert(1)\\</script>');
    expect(md('&gt; quoted')).toBe('> quoted');
    expect(md('Ship it :rocket: :partyparrot:')).toBe('Ship it 🚀 :partyparrot:');
  });
});

describe('a message body', () => {
  it('keeps a long message within a chat message, cut between characters, and names shared files', () => {
    const message = {
      ts: '1.1',
      createdAt: 1000,
      threadTs: null,
      user: null,
      fallbackName: null,
      editedAt: null,
      reactions: [],
      files: [],
    };
    const long = messageBody({ ...message, text: `${'a'.repeat(CHAT_MESSAGE_MAX - 2)}🎉🎉` }, context);
    expect(long.shortened).toBe(true);
    expect(long.body.length).toBeLessThanOrEqual(CHAT_MESSAGE_MAX);
    expect(long.body.endsWith('a…')).toBe(true);
    expect(messageBody({ ...message, text: 'Plan', files: ['q3_[draft].pdf'] }, context)).toEqual({
      body: 'Plan\n\n📎 q3\\_\\[draft\\].pdf',
      shortened: false,
    });
  });
});
