import { discordMessage, slackMessage, teamsMessage } from './render-chat';

describe('chat rendering', () => {
  it('when a Slack message has a url, then Block Kit has the text section and a button to it', () => {
    expect(slackMessage({ text: 'Deploy <done> & green', url: 'https://ci.example/1' })).toEqual({
      text: 'Deploy &lt;done&gt; &amp; green',
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: 'Deploy &lt;done&gt; &amp; green' } },
        { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open' }, url: 'https://ci.example/1' }] },
      ],
    });
  });

  it('when a Slack message has no url, then it is the section alone', () => {
    expect(slackMessage({ text: 'hi' }).blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: 'hi' } }]);
  });

  it('when a Teams message is rendered, then it is an Adaptive Card with the url as an Open action', () => {
    const card = (teamsMessage({ text: 'hi', url: 'https://x.example' }).attachments as { contentType: string; content: Record<string, unknown> }[])[0];
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.content).toMatchObject({ type: 'AdaptiveCard', body: [{ type: 'TextBlock', text: 'hi', wrap: true }], actions: [{ type: 'Action.OpenUrl', url: 'https://x.example' }] });
    expect((teamsMessage({ text: 'hi' }).attachments as { content: object }[])[0].content).not.toHaveProperty('actions');
  });

  it('when a Discord message is rendered, then it is an embed and mentions ping nobody', () => {
    expect(discordMessage({ text: '@everyone up', url: 'https://x.example' })).toEqual({
      embeds: [{ description: '@everyone up', title: 'Open', url: 'https://x.example' }],
      allowed_mentions: { parse: [] },
    });
  });
});
