import { loadConfig, ServiceConfigSchema } from '@herald/service-kit';
import { Type, type Static } from '@sinclair/typebox';
import { BROWSER_PUSH_HOSTS } from '@herald/contracts';

export const ConfigSchema = Type.Composite([
  ServiceConfigSchema,
  Type.Object({
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 50053 }),
    METRICS_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 9103 }),
    MONGO_DB: Type.String({ minLength: 1, default: 'herald_delivery' }),
    RECIPIENT_SERVICE_URL: Type.String({ minLength: 1, default: 'http://127.0.0.1:50051' }),
    PREFERENCE_SERVICE_URL: Type.String({ minLength: 1, default: 'http://127.0.0.1:50052' }),
    SMTP_URL: Type.String({ minLength: 1, default: 'smtp://127.0.0.1:1025' }),
    SMTP_FROM: Type.String({ minLength: 1, default: 'Herald <no-reply@herald.local>' }),
    /** The primary SMTP relay's name, recorded on each email it sent (`provider`). */
    SMTP_NAME: Type.String({ minLength: 1, maxLength: 64, default: 'smtp-primary' }),
    /** A second SMTP relay (failover): used while the primary's circuit is open, and for a mail the primary failed transiently. Empty: none. */
    SMTP_SECONDARY_URL: Type.String({ default: '' }),
    SMTP_SECONDARY_NAME: Type.String({ minLength: 1, maxLength: 64, default: 'smtp-secondary' }),
    /** Base URL of the SMS provider's Twilio-compatible Messages API, e.g. `https://api.twilio.com`. Empty: SMS is off (SMS sends fail `provider_error`). */
    SMS_URL: Type.String({ default: '', pattern: '^(https?://[^?#\\s]+)?$' }),
    /** The SMS account id (the basic-auth user, e.g. Twilio's `AC…`). */
    SMS_ACCOUNT_SID: Type.String({ default: '' }),
    /** The SMS account's auth token (the basic-auth password). Never logged, never in an outcome. */
    SMS_AUTH_TOKEN: Type.String({ default: '' }),
    /** The sender: an E.164 number, or a messaging service id (`MG…`). */
    SMS_FROM: Type.String({ default: '' }),
    /** The primary SMS provider's name, recorded on each SMS it sent (`provider`). */
    SMS_NAME: Type.String({ minLength: 1, maxLength: 64, default: 'sms-primary' }),
    /** A second SMS provider (failover), same API shape. Empty: none. */
    SMS_SECONDARY_URL: Type.String({ default: '', pattern: '^(https?://[^?#\\s]+)?$' }),
    SMS_SECONDARY_ACCOUNT_SID: Type.String({ default: '' }),
    /** Never logged, never in an outcome. */
    SMS_SECONDARY_AUTH_TOKEN: Type.String({ default: '' }),
    /** The secondary's sender; empty: SMS_FROM. */
    SMS_SECONDARY_FROM: Type.String({ default: '' }),
    SMS_SECONDARY_NAME: Type.String({ minLength: 1, maxLength: 64, default: 'sms-secondary' }),
    /** One request to an SMS provider gives up after this long. */
    SMS_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
    /** SMS messages in hand at once. */
    SMS_CONCURRENCY: Type.Integer({ minimum: 1, default: 64 }),
    /** Attempts of one SMS (each with up to 3 quick tries on 429/5xx) before it ends `failed`. */
    SMS_MAX_ATTEMPTS: Type.Integer({ minimum: 1, default: 6 }),
    /** First retry delay of an SMS; doubles each attempt (at least the provider's Retry-After). */
    SMS_RETRY_BASE_MS: Type.Integer({ minimum: 1, default: 1_000 }),
    /** Seals the projects' provider credentials (FCM, APNs, Slack) at rest with AES-256-GCM: 32 bytes as 64 hex digits or base64; `npm start` generates one. Empty: they cannot be stored. Never logged. */
    PROVIDER_SECRET_KEY: Type.String({ default: '', pattern: '^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)?$' }),
    /** Web push VAPID public key (base64url, RFC 8292), served at `GET /push/vapid_public_key`; `npm start` generates a pair. Empty: web push is off. */
    VAPID_PUBLIC_KEY: Type.String({ default: '' }),
    /** Web push VAPID private key (base64url). Never logged. */
    VAPID_PRIVATE_KEY: Type.String({ default: '' }),
    /** Contact the push services may use (the VAPID `sub`): a `mailto:` or `https:` URL. */
    VAPID_SUBJECT: Type.String({ default: 'mailto:webpush@herald.invalid', pattern: '^(mailto:|https://)\\S+$' }),
    /** How long a push service keeps an undelivered web push message (TTL header). */
    PUSH_TTL_SECONDS: Type.Integer({ minimum: 0, maximum: 2_419_200, default: 86_400 }),
    /** Urgency header of web push messages. */
    PUSH_URGENCY: Type.Union([Type.Literal('very-low'), Type.Literal('low'), Type.Literal('normal'), Type.Literal('high')], { default: 'normal' }),
    /** One request to a push service gives up after this long (connecting, the answer's headers and body together; at most 64 KiB of the answer is read). */
    PUSH_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
    /** Web push messages in hand at once. */
    PUSH_CONCURRENCY: Type.Integer({ minimum: 1, default: 64 }),
    /** Web push requests in flight to one endpoint host at most (0: no limit); past it a message waits its turn (no attempt counted), so one slow host never takes the pool. */
    PUSH_MAX_IN_FLIGHT_PER_HOST: Type.Integer({ minimum: 0, default: 48 }),
    /** Web push requests of one project in flight at most (0: no limit); past it a message waits its turn (no attempt counted), so one project never takes the pool. */
    PUSH_MAX_IN_FLIGHT_PER_PROJECT: Type.Integer({ minimum: 0, default: 32 }),
    /** Attempts of one web push message before it ends `failed`. */
    PUSH_MAX_ATTEMPTS: Type.Integer({ minimum: 1, default: 6 }),
    /** First retry delay of a web push message; doubles each attempt (at least the push service's Retry-After). */
    PUSH_RETRY_BASE_MS: Type.Integer({ minimum: 1, default: 1_000 }),
    /** Allow push endpoints on loopback, private, link-local or metadata addresses (development, tests: the local fake push service). */
    PUSH_ALLOW_PRIVATE: Type.Boolean({ default: false }),
    /** Comma-separated hosts web push endpoints may be on (`*.` any subdomain of; `*` any host: development, tests). Default: the browsers' push services (FCM, Mozilla, Windows, Apple). */
    PUSH_ALLOWED_HOSTS: Type.String({ default: BROWSER_PUSH_HOSTS }),
    /** A PEM file of extra certificate authorities push endpoints may present, beside the system's (the local fake push service's). Empty: none. */
    PUSH_EXTRA_CA_FILE: Type.String({ default: '' }),
    /** The Slack Web API's base URL (`chat.postMessage` for Slack channel contacts); the local fake's in development. */
    SLACK_API_URL: Type.String({ default: 'https://slack.com/api' }),
    /** The Slack bot token (xoxb-…) Slack channel contacts are posted with for projects that saved none of their own (`PUT /providers/slack`). Empty: such a project's Slack channel contact fails `provider_error` (webhook contacts need none). */
    SLACK_BOT_TOKEN: Type.String({ default: '' }),
    /** Comma-separated hosts chat webhook URLs may be on (`*.` any subdomain of). Default: Slack's, Teams' (and Power Automate's) and Discord's webhook hosts. */
    CHAT_ALLOWED_HOSTS: Type.String({ default: 'hooks.slack.com,*.webhook.office.com,*.logic.azure.com,discord.com,discordapp.com' }),
    /** Allow chat webhook URLs on loopback, private or local hosts, over http to those (development, tests: the local chat fakes). */
    CHAT_ALLOW_PRIVATE: Type.Boolean({ default: false }),
    /** One request to a chat service gives up after this long (connecting, the answer's headers and body together; at most 64 KiB of the answer is read). */
    CHAT_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
    /** Least time between two messages to one chat channel or webhook (Slack allows about one a second per channel); a message ahead of it waits its turn without holding others. */
    CHAT_CHANNEL_INTERVAL_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 1_000 }),
    /** Chat messages in hand at once. */
    CHAT_CONCURRENCY: Type.Integer({ minimum: 1, default: 64 }),
    /** Attempts of one chat message before it ends `failed`. */
    CHAT_MAX_ATTEMPTS: Type.Integer({ minimum: 1, default: 6 }),
    /** First retry delay of a chat message; doubles each attempt (at least the service's Retry-After). */
    CHAT_RETRY_BASE_MS: Type.Integer({ minimum: 1, default: 1_000 }),
    /** Where FCM's HTTP v1 API is (`/v1/projects/{id}/messages:send`); the local fake's in development. */
    FCM_API_URL: Type.String({ default: 'https://fcm.googleapis.com' }),
    /** The APNs origin for both environments (the local fake's in development). Empty: Apple's, sandbox or production as the project's APNs key says. */
    APNS_URL: Type.String({ default: '' }),
    /** A PEM file of an extra certificate authority APNs may present (the local fake's). Empty: none. */
    APNS_EXTRA_CA_FILE: Type.String({ default: '' }),
    /** One request to FCM or APNs gives up after this long (at most 64 KiB of the answer is read). */
    MOBILE_PUSH_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
    /** Mobile push notifications (each to all of its recipient's devices) in hand at once. */
    MOBILE_PUSH_CONCURRENCY: Type.Integer({ minimum: 1, default: 64 }),
    /** Mobile push notifications fetched and handled together (WORKER_BATCH_SIZE for the other mediums). A batch is done when its slowest push is, so 1 (the default) keeps a slow provider's pushes from holding the other provider's in the same batch. */
    MOBILE_PUSH_BATCH_SIZE: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
    /** Mobile push notifications in flight to one provider (FCM, APNs) at most (0: no limit); past it a notification waits its turn (no attempt counted), so one slow provider never holds the other's pushes. */
    MOBILE_PUSH_MAX_IN_FLIGHT_PER_PROVIDER: Type.Integer({ minimum: 0, default: 40 }),
    /** Mobile push notifications waiting in this process for a share of one provider (or one project's provider) at most; past it a notification is turned away and tried again shortly (no attempt counted), unless its project's provider gives its shares back fast enough (measured) for it to wait less than a return would take, within the provider's own bound. With the defaults a slow provider holds at most 48 of the 64 MOBILE_PUSH_CONCURRENCY slots, in flight and waiting. */
    MOBILE_PUSH_MAX_WAITING_PER_PROVIDER: Type.Integer({ minimum: 0, default: 8 }),
    /** Mobile push notifications of one project in flight to one provider at most (0: no limit); past it a notification waits its turn (no attempt counted). Half of MOBILE_PUSH_MAX_IN_FLIGHT_PER_PROVIDER by default: a project whose provider answers slowly holds at most half of that provider's shares, and the other projects share the rest. */
    MOBILE_PUSH_MAX_IN_FLIGHT_PER_PROJECT: Type.Integer({ minimum: 0, default: 20 }),
    /** Attempts of one notification's mobile pushes before those still owed end `failed`. */
    MOBILE_PUSH_MAX_ATTEMPTS: Type.Integer({ minimum: 1, default: 6 }),
    /** First retry delay of mobile pushes; doubles each attempt (at least the service's Retry-After). */
    MOBILE_PUSH_RETRY_BASE_MS: Type.Integer({ minimum: 1, default: 1_000 }),
    /** Key (at least 32 characters) that signs SMS status callback URLs. Empty (or no PUBLIC_BASE_URL): no callbacks are asked for, SMS outcomes stay `sent`. */
    CALLBACK_SECRET: Type.String({ default: '', pattern: '^(.{32,})?$' }),
    /** Consecutive transient failures of a primary provider (SMTP, SMS) that open its circuit: messages then go to the secondary. Also the web push requests to one endpoint host in a row that hit their deadline or the answer cap that back the host off. */
    FAILOVER_CONSECUTIVE_FAILURES: Type.Integer({ minimum: 1, default: 3 }),
    /** How long a primary provider's circuit (or a backed-off push endpoint host) stays open before one message probes it again (half-open). */
    FAILOVER_HALF_OPEN_AFTER_MS: Type.Integer({ minimum: 100, default: 30_000 }),
    /**
     * An `smtp:` relay must upgrade with STARTTLS, or nothing is sent (a relay, or someone on the path, cannot strip it).
     * Unset: required for every host but loopback. `false` allows plain text to a relay on a network you trust.
     */
    SMTP_REQUIRE_TLS: Type.Optional(Type.Boolean()),
    /** The gateway's public address, e.g. `https://herald.example.com`: one-click unsubscribe and contact confirmation links point there. Empty: mails carry no List-Unsubscribe header, and addresses set with recipient tokens cannot be confirmed. */
    PUBLIC_BASE_URL: Type.String({ default: '', pattern: '^(https?://[^?#\\s]+)?$' }),
    /** Key (at least 32 characters) that signs one-click unsubscribe and contact confirmation tokens (a key derived per purpose). Empty: no List-Unsubscribe header, no confirmation links. */
    UNSUBSCRIBE_SECRET: Type.String({ default: '', pattern: '^(.{32,})?$' }),
    /** How long an unsubscribe link in a mail keeps working. */
    UNSUBSCRIBE_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: 60 }),
    /** How long the link confirming a contact address written with a recipient token keeps working (signed with UNSUBSCRIBE_SECRET, for that purpose only). */
    CONTACT_CONFIRMATION_TTL_HOURS: Type.Integer({ minimum: 1, maximum: 720, default: 48 }),
    /** Contact confirmation mails one recipient may cause per clock hour (all replicas together); past it, no mail (logged by the gateway). */
    CONTACT_CONFIRMATION_MAILS_PER_HOUR: Type.Integer({ minimum: 1, maximum: 1000, default: 5 }),
    /** Confirmation SMS (codes for sms numbers set with recipient tokens) one recipient may cause per day, all replicas together. */
    CONTACT_CONFIRMATION_SMS_PER_RECIPIENT_DAY: Type.Integer({ minimum: 1, maximum: 100, default: 3 }),
    /** Confirmation SMS one project may cause per hour, all replicas together. */
    CONTACT_CONFIRMATION_SMS_PER_PROJECT_HOUR: Type.Integer({ minimum: 1, maximum: 100000, default: 100 }),
    /** Confirmation SMS one project may cause per hour to the numbers of one country calling code, all replicas together. */
    CONTACT_CONFIRMATION_SMS_PER_COUNTRY_HOUR: Type.Integer({ minimum: 1, maximum: 100000, default: 20 }),
    /** DKIM signing domain (`d=`), e.g. `mail.example.com`; with DKIM_SELECTOR and DKIM_PRIVATE_KEY, every mail is signed. */
    DKIM_DOMAIN: Type.String({ default: '' }),
    /** DKIM selector (`s=`): the public key is published at `<selector>._domainkey.<domain>`. */
    DKIM_SELECTOR: Type.String({ default: '' }),
    /** DKIM private key, PEM, RSA (`\n` escapes are accepted for one-line environments). Never logged. */
    DKIM_PRIVATE_KEY: Type.String({ default: '' }),
    /** Open SMTP connections of the pooled transport. */
    SMTP_POOL_SIZE: Type.Integer({ minimum: 1, default: 8 }),
    /** SMTP connection and greeting timeout; a silent socket is given twice this. */
    SMTP_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 30_000 }),
    /** Housekeeping pass (past months' quota units, expired idempotency keys). */
    PRUNE_EVERY_MS: Type.Integer({ minimum: 1000, default: 3_600_000 }),
    /** Outcome events the stats consumer counts together for the overview (GET /stats): one bulk write of counter increments per batch (two batches in hand). */
    STATS_BATCH_SIZE: Type.Integer({ minimum: 1, maximum: 1000, default: 1000 }),
    /** How long the stats consumer waits for more outcome events after the first of a batch: the overview's counts lag by this much, for one write per chunk of a send to many instead of one per few dozen events. */
    STATS_BATCH_LINGER_MS: Type.Integer({ minimum: 0, maximum: 5000, default: 500 }),
    /** How often the webhook attempts counted for the overview (GET /stats) are written; a crash loses at most this long of them. */
    STATS_FLUSH_EVERY_MS: Type.Integer({ minimum: 100, default: 5_000 }),
    /**
     * Sends in hand at once of the send consumer, decided and written in batches of WORKER_BATCH_SIZE.
     * The default, one batch's worth, keeps one pull at a time: the sends that arrive while a batch
     * is written wait for the next, fuller one. Two pulls at once (128) split a busy stream into small
     * batches, each paying a batch's fixed cost (bench: 17 instead of 59 sends per batch, 1.5 CPU-ms
     * more per emailed send).
     */
    WORKER_CONCURRENCY: Type.Integer({ minimum: 1, default: 64 }),
    /** Emails in hand at once (fetched and being sent; a multiple of the batch size). */
    EMAIL_CONCURRENCY: Type.Integer({ minimum: 1, default: 128 }),
    /** Jobs per batch of the send and email workers (one insert, or one outcome write, per batch). */
    WORKER_BATCH_SIZE: Type.Integer({ minimum: 1, maximum: 1000, default: 64 }),
    /**
     * How long a batch waits for more jobs after its first one arrived: each batch has a fixed cost
     * (a ResolveBatch, the store reads and the insert), so fuller batches cost less per send (bench:
     * 25 ms instead of 3 halved the store operations per send); the price is that much added latency.
     */
    WORKER_BATCH_LINGER_MS: Type.Integer({ minimum: 0, maximum: 1000, default: 20 }),
    /**
     * How long a recipient confirmed by the recipient service is taken to exist by sends and feed
     * reads (0: always ask); deletions are forgotten at once (RecipientDeleted events), and
     * everything while the NATS connection is down.
     */
    RECIPIENT_CACHE_TTL_MS: Type.Integer({ minimum: 0, default: 60_000 }),
    /**
     * Broadcasts of one project accepted and not yet completed or failed; a broadcast past it is
     * refused with 429 `rate_limited` (the gateway adds Retry-After). 0 turns the cap off.
     */
    BROADCAST_MAX_ACTIVE_PER_PROJECT: Type.Integer({ minimum: 0, default: 4 }),
    /** Broadcast chunks written at once by one replica (each is one insertMany of up to BROADCAST_CHUNK_SIZE). */
    BROADCAST_CHUNK_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64, default: 4 }),
    /**
     * Share of the store's write time broadcast inserts may take while other writes want it
     * (kernel/store/bulk-write-lane.ts): after a slice during which a direct send's insert or an
     * outcome write of this process was made, the lane pauses (1 - share) / share times as long as
     * the slice took, so direct sends of every project keep the rest; with nothing else writing, no
     * pause. 1: unpaced.
     */
    BROADCAST_WRITE_SHARE: Type.Number({ minimum: 0.05, maximum: 1, default: 0.5 }),
    /** Documents per broadcast insert slice (the longest a direct send's write waits for the lane is one slice). */
    BROADCAST_WRITE_SLICE: Type.Integer({ minimum: 1, maximum: 1000, default: 200 }),
    /**
     * How far the process's old generation may grow past its live heap before V8's next major
     * collection, in percent (platform/heap-growth.ts): bounds the memory a broadcast fan-out's
     * short-lived garbage takes. 0: V8's own factor (up to four times the live heap).
     */
    HEAP_GROWING_PERCENT: Type.Integer({ minimum: 0, maximum: 300, default: 50 }),
    /** Recipients per broadcast chunk message. */
    BROADCAST_CHUNK_SIZE: Type.Integer({ minimum: 1, maximum: 1000, default: 1000 }),
    /** Attempts of one email before it ends `failed`. */
    EMAIL_MAX_ATTEMPTS: Type.Integer({ minimum: 1, default: 6 }),
    /** First retry delay of an email; doubles each attempt. */
    EMAIL_RETRY_BASE_MS: Type.Integer({ minimum: 1, default: 500 }),
    /**
     * A worker's claim on an email (SMS, push message) it is sending: no other worker (a redelivery of its job) sends it
     * while the claim holds; renewed every third of it while the SMTP exchange runs; a dead worker's
     * claim is retaken after it.
     */
    EMAIL_LEASE_MS: Type.Integer({ minimum: 1000, default: 30_000 }),
    /** The stale-broadcast sweeper publishes again the job of a broadcast not written for this long (an `enqueued` one; a fanning-out one after at least 30 s). */
    OUTBOX_REPUBLISH_AFTER_MS: Type.Integer({ minimum: 100, default: 10_000 }),
    /** How often the stale-broadcast sweeper looks. */
    OUTBOX_SWEEP_EVERY_MS: Type.Integer({ minimum: 100, default: 5_000 }),
    /** Deliveries of one direct send's job before its notification is written `failed` (a dependency down that long). */
    NOTIFICATION_MAX_DELIVERIES: Type.Integer({ minimum: 1, default: 10 }),
    /** First retry delay of a job that failed unexpectedly; doubles each delivery (capped at 30 s). */
    JOB_RETRY_BASE_MS: Type.Integer({ minimum: 1, default: 200 }),
    /** Redelivery of an unacknowledged job (a crashed worker's job comes back after this). */
    ACK_WAIT_MS: Type.Integer({ minimum: 1000, default: 30_000 }),
    /** How often the retention sweeper removes expired notifications, broadcasts (with their chunks) and webhook deliveries (30 days). */
    RETENTION_SWEEP_EVERY_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
    /** Records per retention delete. */
    RETENTION_BATCH_SIZE: Type.Integer({ minimum: 1, maximum: 10_000, default: 500 }),
    /** Pause between two retention deletes (bounds the delete rate: batch size per pause). */
    RETENTION_BATCH_PAUSE_MS: Type.Integer({ minimum: 0, default: 200 }),
    /** Allow webhook URLs that resolve to loopback, private, link-local or metadata addresses (development, tests; `npm start` sets it). */
    WEBHOOK_ALLOW_PRIVATE: Type.Boolean({ default: false }),
    /** A webhook attempt without a complete 2xx response within this long has failed. */
    WEBHOOK_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 15_000 }),
    /** Delays (ms, comma-separated) before each attempt of a webhook delivery: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (±10 % jitter). */
    WEBHOOK_RETRY_SCHEDULE_MS: Type.String({ pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$', default: '0,5000,300000,1800000,7200000,18000000,36000000,36000000' }),
    /** A webhook endpoint whose every attempt failed for this long is disabled (default 5 days). */
    WEBHOOK_DISABLE_AFTER_MS: Type.Integer({ minimum: 1000, default: 432_000_000 }),
    /** Webhook attempts in flight at once per replica. */
    WEBHOOK_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 1024, default: 64 }),
    /** Webhook attempts in flight at once for one project, per replica (the other projects keep the rest of WEBHOOK_CONCURRENCY). */
    WEBHOOK_PROJECT_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 1024, default: 32 }),
    /** Webhook attempts in flight at once to one endpoint, per replica. */
    WEBHOOK_ENDPOINT_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 1024, default: 16 }),
    /** Consecutive failed or slow attempts to one endpoint that back it off (its breaker opens; per replica). */
    WEBHOOK_BREAKER_FAILURES: Type.Integer({ minimum: 1, default: 5 }),
    /** How long a backed-off endpoint gets no attempt the first time; each failed trial doubles it, up to WEBHOOK_BREAKER_MAX_OPEN_MS. */
    WEBHOOK_BREAKER_OPEN_MS: Type.Integer({ minimum: 100, default: 30_000 }),
    /** The longest an endpoint is backed off at a time. */
    WEBHOOK_BREAKER_MAX_OPEN_MS: Type.Integer({ minimum: 100, default: 1_800_000 }),
    /** A webhook attempt answered after this long counts as a failure for the endpoint's breaker (its delivery still succeeds). */
    WEBHOOK_SLOW_MS: Type.Integer({ minimum: 100, default: 10_000 }),
    /** How often each replica looks for webhook deliveries whose retry (or a dead replica's claim) is due. */
    WEBHOOK_POLL_EVERY_MS: Type.Integer({ minimum: 50, default: 1_000 }),
    /** A replica's claim on a webhook delivery; after it, another replica may attempt it (must exceed WEBHOOK_TIMEOUT_MS). */
    WEBHOOK_LEASE_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
    /** How long the fan-out waits for a batch's first attempts before writing its records (settled ones with their result; the rest claimed, updated when they end). */
    WEBHOOK_INLINE_WAIT_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 1_000 }),
    /**
     * Fault injection for the fault tests only (never set it in production): `exit_after_insert`
     * ends the process right after the send worker wrote a batch (before its events, email jobs and
     * acks); `exit_after_accept` right after a send was published, before it is answered;
     * `exit_in_digest_close` right after a digest was sealed, before its mail. Once.
     */
    FAILPOINT: Type.Union([Type.Literal(''), Type.Literal('exit_after_insert'), Type.Literal('exit_after_accept'), Type.Literal('exit_in_digest_close')], { default: '' }),
    /** How often the replica holding the timer lease looks for due timers (scheduled sends, escalation emails, digest windows); a full pass is followed by the next at once. */
    TIMER_POLL_MS: Type.Integer({ minimum: 20, maximum: 10_000, default: 200 }),
    /** Timers taken per firing pass, shared fairly among the projects with timers due (one indexed read per project, one fate insertMany, one publish round, one delete). */
    TIMER_BATCH: Type.Integer({ minimum: 1, maximum: 10_000, default: 1000 }),
    /** One replica fires timers per lease epoch of this length (the firer claims the next epoch while it holds one); a dead firer is replaced within two epochs. */
    TIMER_LEASE_MS: Type.Integer({ minimum: 500, maximum: 60_000, default: 2_000 }),
    /** Pending timers of one project (scheduled sends and broadcasts, escalations, digest windows) past which a scheduled send or broadcast is refused with 429 `too_many_pending_timers`; 0: no cap. */
    TIMER_MAX_PENDING_PER_PROJECT: Type.Integer({ minimum: 0, default: 1_000_000 }),
    /** A timer decided `fired` this long ago and still there (its firer died before handing it on) is handed on again. */
    TIMER_REDO_AFTER_MS: Type.Integer({ minimum: 1000, default: 10_000 }),
    /** A digest mail claimed this long ago and not recorded (its closing died) may be sent again by another closing, under the same Message-ID. */
    DIGEST_SEND_LEASE_MS: Type.Integer({ minimum: 1000, default: 90_000 }),
    /** How long outcome events stay in HERALD_OUTCOMES (live-stream replay, webhook catch-up); at least the 10-minute msgID window. */
    OUTCOMES_MAX_AGE_MS: Type.Integer({ minimum: 600_000, default: 72 * 3_600_000 }),
  }),
]);
export type Config = Static<typeof ConfigSchema>;

export const readConfig = (env: Record<string, string | undefined> = process.env): Config => loadConfig(ConfigSchema, env);
