import { campaignMailCopy } from '#src/shared/campaigns/messages.ts';
import { campaignPaths, UNSUBSCRIBE_UPDATES_PAGE } from '#src/shared/campaigns/paths.ts';
import { API_BASE } from '#src/shared/accounts/paths.ts';
import { escapeHtml as escape, layout, type MailMessage } from '#src/server/mail/templates.ts';
import { contactUnsubscribeToken } from './unsubscribe-token.ts';

export interface CampaignMailContext {
  origin: string;
  appSecret: string;
  workspaceName: string;
}

// The update as one contact receives it. The Markdown is sent as written in the plain-text part (it
// reads as text) and as escaped paragraphs in the HTML part: nothing the author typed becomes markup.
export function campaignMail(
  context: CampaignMailContext,
  contact: { id: string; email: string },
  campaign: { subject: string; body: string },
): MailMessage {
  const token = contactUnsubscribeToken(context.appSecret, contact.id);
  const page = `${context.origin}${UNSUBSCRIBE_UPDATES_PAGE}#${token}`;
  const footer = campaignMailCopy.footer(context.workspaceName);
  const paragraphs = campaign.body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return {
    to: contact.email,
    subject: campaign.subject,
    text: `${campaign.body}\n\n--\n${footer}\n${campaignMailCopy.unsubscribe}: ${page}\n`,
    html: layout(
      campaign.subject,
      paragraphs,
      `<p style="color:#64748b;font-size:12px">${escape(footer)} <a href="${escape(page)}">${escape(campaignMailCopy.unsubscribe)}</a></p>`,
    ),
    // RFC 8058: the mail program's own "unsubscribe" POSTs `List-Unsubscribe=One-Click` here.
    headers: {
      'List-Unsubscribe': `<${context.origin}${API_BASE}${campaignPaths.unsubscribe}?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
