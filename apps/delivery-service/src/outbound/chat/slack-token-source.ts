/**
 * Where the Slack bot token of a project comes from (the `chat.postMessage` path): the project's own
 * (project-slack-tokens.ts), else the server's SLACK_BOT_TOKEN. Null: no token, so a Slack channel
 * contact cannot be sent to.
 */
export interface SlackTokenSource {
  tokenFor(projectId: number | undefined): Promise<string | null>;
}

/** The server's one bot token for every project ('' : none). */
export const serverSlackToken = (token: string): SlackTokenSource => ({
  tokenFor: async () => token || null,
});
