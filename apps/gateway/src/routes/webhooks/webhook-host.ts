import { forbiddenHost, invalid, violation } from '@herald/service-kit';

/**
 * Refuses a webhook URL whose host is internal as written (a private or loopback IP literal, a
 * single-label name, a `.local`, `.internal` or `.svc` name) unless private targets are allowed
 * (WEBHOOK_ALLOW_PRIVATE). Names resolving to such addresses are refused when connecting.
 */
export function assertPublicWebhookHost(url: string | undefined, allowPrivate: boolean): void {
  if (url === undefined || allowPrivate) return;
  const refused = forbiddenHost(new URL(url).hostname);
  if (refused) throw invalid('url must name a public host', [violation('url', `url must name a public host: ${refused}`, url)]);
}
