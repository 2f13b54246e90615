// Verifying Herald's webhook requests (Standard Webhooks, docs/webhooks.md): the same module the
// delivery service signs with. Server side only (Node's crypto); a browser bundle of the client
// that does not use it leaves it out (both packages are free of side effects).
export { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from '@herald/webhook-signature';
