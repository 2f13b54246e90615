/**
 * Where the Slack bot token of a project comes from (the `chat.postMessage` path). For now one token
 * for the whole server (SLACK_BOT_TOKEN); a per-project store of provider credentials feeds this
 * port when it exists. Null: no token, so a Slack channel contact cannot be sent to.
 */
export interface SlackTokenSource {
  tokenFor(projectId: number | undefined): Promise<string | null>;
}

/** The server's one bot token for every project ('' : none). */
export const serverSlackToken = (token: string): SlackTokenSource => ({
  tokenFor: async () => token || null,
});
