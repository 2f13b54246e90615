/** A durable consumer's gauge on the service's Prometheus page, or NaN when the page has none (a failed read). */
function consumerGauge(page: string, name: string, consumer: string): number {
  const line = page.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(`consumer="${consumer}"`));
  return line ? Number(line.slice(line.indexOf('}') + 1).trim()) : Number.NaN;
}

/**
 * Whether the delivery service holds no job on these durable consumers (`delivery-sends`,
 * `delivery-emails`, …): none waiting, none delivered and unacknowledged (a retry scheduled with a
 * delay is one of those). Once it holds, no further attempt of what they carried can come, so a test
 * waits for it instead of waiting out a quiet period.
 */
export async function holdsNoJobs(metricsUrl: string, consumers: string[]): Promise<boolean> {
  const page = await (await fetch(metricsUrl)).text();
  return consumers.every((c) => consumerGauge(page, 'herald_jetstream_consumer_pending', c) === 0 && consumerGauge(page, 'herald_jetstream_consumer_ack_pending', c) === 0);
}
