// Standard Webhooks signing (https://www.standardwebhooks.com): what Herald signs its webhook
// requests with, and what a receiver verifies them with. Node built-ins only.
export { signWebhook, verifyWebhook, WebhookVerificationError, newWebhookSecret, type WebhookHeaders } from './signature.js';
