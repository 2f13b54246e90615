import type { ChatProvider } from '@herald/contracts';

/** A send's chat block: the text, and a link shown as a button (Slack, Teams) or the embed's title link (Discord). */
export interface ChatContent {
  text: string;
  url?: string;
}

/** Slack's mrkdwn reserves &, < and >: the text is shown as written, never as links or mentions. */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Block Kit: a section with the text and, with a url, a button to it; `text` is the notification's fallback. */
export function slackMessage(content: ChatContent): Record<string, unknown> {
  const text = slackEscape(content.text);
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text } },
      ...(content.url ? [{ type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open' }, url: content.url }] }] : []),
    ],
  };
}

/** An Adaptive Card (1.4) in the message envelope Teams' incoming webhooks and workflows take, the url as an Open action. */
export function teamsMessage(content: ChatContent): Record<string, unknown> {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [{ type: 'TextBlock', text: content.text, wrap: true }],
          ...(content.url ? { actions: [{ type: 'Action.OpenUrl', title: 'Open', url: content.url }] } : {}),
        },
      },
    ],
  };
}

/** A Discord embed with the text as its description (the url as its title link); mentions in the text never ping anyone. */
export function discordMessage(content: ChatContent): Record<string, unknown> {
  return {
    embeds: [{ description: content.text, ...(content.url ? { title: 'Open', url: content.url } : {}) }],
    allowed_mentions: { parse: [] },
  };
}

/** The JSON body of a chat message for each provider (a Slack Web API call adds its `channel`). */
export const renderChat: Record<ChatProvider, (content: ChatContent) => Record<string, unknown>> = {
  slack: slackMessage,
  teams: teamsMessage,
  discord: discordMessage,
};
