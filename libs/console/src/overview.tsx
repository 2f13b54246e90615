import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, ApiError, query, type Json } from './api';
import { Chart, type ChartSeries } from './chart';

const HOUR = 3_600_000;
/**
 * The ranges offered: each with the interval that gives it a readable number of points (60, 24, 7).
 * The week goes by day: its 7 day counters cost the store a twenty-fourth of its 168 hour counters.
 */
const RANGES = [
  { label: 'Last hour', interval: 'minute', ms: HOUR },
  { label: 'Last day', interval: 'hour', ms: 24 * HOUR },
  { label: 'Last week', interval: 'day', ms: 7 * 24 * HOUR },
] as const;
const OUTCOMES = ['delivered', 'suppressed', 'quota', 'failed', 'bounced'] as const;
const SEND_MEDIUMS = ['in_app', 'email', 'sms', 'web_push', 'chat'] as const;
const MEDIUM_TEXT: Record<string, string> = { in_app: 'In-app', email: 'Email', sms: 'SMS', web_push: 'Web push', chat: 'Chat', webhook: 'Webhooks' };
const REFRESH_EVERY_MS = 30_000;

const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);

/** Per outcome (bounced aside: it is inside failed), the sends of all mediums in each interval. */
function byOutcome(intervals: Json[]): ChartSeries[] {
  return OUTCOMES.filter((o) => o !== 'bounced').map((o) => ({
    label: o,
    color: o,
    values: intervals.map((i) => SEND_MEDIUMS.reduce((sum, m) => sum + (i.sends[m]?.[o] ?? 0), 0)),
  }));
}

/** Per medium, what it delivered in each interval. */
function deliveredByMedium(intervals: Json[]): ChartSeries[] {
  return [...SEND_MEDIUMS, 'webhook'].map((m) => ({ label: MEDIUM_TEXT[m], color: m, values: intervals.map((i) => i.sends[m]?.delivered ?? 0) }));
}

/** The overview: sends over the last hour, day or week by outcome and by medium, the totals, the failure rates and the due timers. */
export function Overview() {
  const [range, setRange] = useState<(typeof RANGES)[number]>(RANGES[0]);
  const [stats, setStats] = useState<Json | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const load = async () => {
      try {
        const to = new Date();
        const res = await api('GET', `/stats${query({ interval: range.interval, from: new Date(to.getTime() - range.ms).toISOString(), to: to.toISOString() })}`);
        setStats(res.data);
        setError(null);
      } catch (err) {
        setError(err instanceof ApiError ? `${err.message} (${err.code})` : 'The gateway could not be reached');
      }
    };
    void load();
    const timer = setInterval(() => void load(), REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [range]);

  const times = useMemo(() => (stats ? stats.intervals.map((i: Json) => Date.parse(i.start) / 1000) : []), [stats]);
  const outcomes = useMemo(() => (stats ? byOutcome(stats.intervals) : []), [stats]);
  const mediums = useMemo(() => (stats ? deliveredByMedium(stats.intervals) : []), [stats]);

  return (
    <main>
      <h1>Overview</h1>
      <div class="ranges" role="group" aria-label="Range">
        {RANGES.map((r) => (
          <button type="button" key={r.label} aria-pressed={r === range} onClick={() => setRange(r)}>
            {r.label}
          </button>
        ))}
      </div>
      {error && <p role="alert" class="error">{error}</p>}
      {stats && (
        <>
          <Chart label={`Sends per ${stats.interval} by outcome`} times={times} series={outcomes} />
          <Chart label={`Delivered per ${stats.interval} by medium`} times={times} series={mediums} />
          <table class="totals">
            <caption>{`Totals from ${stats.from} to ${stats.to}`}</caption>
            <thead>
              <tr>
                <th scope="col">Medium</th>
                {OUTCOMES.map((o) => (
                  <th scope="col" key={o}>{o}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Object.entries(stats.totals as Record<string, Record<string, number>>).map(([m, counts]) => (
                <tr key={m}>
                  <th scope="row">{MEDIUM_TEXT[m] ?? m}</th>
                  {OUTCOMES.map((o) => (
                    <td key={o}>{String(counts[o])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <dl class="rates">
            <dt>Email bounce rate</dt>
            <dd>{percent(stats.rates.email_bounce)}</dd>
            <dt>Email failure rate</dt>
            <dd>{percent(stats.rates.email_failure)}</dd>
            <dt>Webhook failure rate</dt>
            <dd>{percent(stats.rates.webhook_failure)}</dd>
            <dt>Due timers</dt>
            <dd>{String(stats.due_timers)}</dd>
          </dl>
        </>
      )}
    </main>
  );
}
