import { decisionView, type PreferenceState, type Target } from '@herald/contracts';
import type { Principal } from '../../plugins/app/auth/principal';
import type { RoutePlugin } from '../shared/type-provider';
import { dataOnly } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { RecipientIdParams } from '../recipients/schemas';
import { CheckPreferenceQuery, CheckPreferenceResult, PreferenceListResult, SetPreferenceBody, SetPreferenceResult } from './schemas';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { recipientPreferenceExamples } from './examples';

const tags = ['preferences'];
const errors = errorResponses('message');
const access = 'recipient' as const;

const targetView = (t: Target | undefined, medium: string) => ({ channel: t?.channel ?? '', topic: t?.topic ?? '', event: t?.event ?? '', medium });
/** What a rule is recorded as set through (`set_via`): the credential of the call. */
const setVia = (principal: Principal) => (principal.kind === 'token' ? 'recipient_token' : 'api_key');

const stateView = (s: PreferenceState | undefined) => ({
  enabled: s?.enabled ?? false,
  inherited: s?.inherited ?? true,
  cataloged: s?.cataloged ?? false,
  mandatory: s?.mandatory ?? false,
});

/**
 * Both results of a read made alongside the recipient check; an unknown recipient (404 `Recipient
 * not found`, from the recipient service) wins over any error of the read.
 */
async function afterRecipientCheck<T>(recipient: Promise<unknown>, read: Promise<T>): Promise<T> {
  const [r, value] = await Promise.allSettled([recipient, read]);
  if (r.status === 'rejected') throw r.reason;
  if (value.status === 'rejected') throw value.reason;
  return value.value;
}

/**
 * A recipient's own preferences. Full or
 * Recipient access (recipient tokens included); `message` family. Reads run alongside the
 * recipient's existence check; the write waits for it.
 */
const recipientPreferenceRoutes: RoutePlugin = async (app) => {
  const { preferences } = app;
  const recipientExists = (projectId: bigint, id: string) => app.recipientPresence.require(projectId, id);

  app.patch(
    '/recipients/:recipient_id/preferences',
    { config: { access }, schema: { ...documented({ summary: 'Set a recipient\'s preferences', success: 'The preferences, as stored', request: recipientPreferenceExamples.set, response: recipientPreferenceExamples.stored }), tags, params: RecipientIdParams, body: SetPreferenceBody, response: { 200: dataOnly(SetPreferenceResult), ...errors } } },
    async (request) => {
      const projectId = BigInt(request.project.id);
      await recipientExists(projectId, request.params.recipient_id);
      const res = await preferences.setPreference({
        projectId,
        recipientId: request.params.recipient_id,
        target: request.body.target,
        medium: request.body.medium ?? 'in_app',
        enabled: request.body.state.enabled,
        setVia: setVia(request.principal),
      });
      return { data: { target: targetView(res.target, res.medium), state: { enabled: res.state?.enabled ?? false, inherited: false } } };
    },
  );

  app.get(
    '/recipients/:recipient_id/preferences',
    { config: { access }, schema: { ...documented({ summary: 'Get a recipient\'s preferences', success: 'The preferences', response: recipientPreferenceExamples.list }), tags, params: RecipientIdParams, response: { 200: dataOnly(PreferenceListResult), ...errors } } },
    async (request) => {
      const projectId = BigInt(request.project.id);
      const res = await afterRecipientCheck(
        recipientExists(projectId, request.params.recipient_id),
        preferences.listPreferences({ projectId, recipientId: request.params.recipient_id }),
      );
      return {
        data: {
          preferences: res.preferences.map((p) => ({
            target: { ...targetView(p.target, p.medium), ...(p.name !== undefined ? { name: p.name } : {}) },
            state: stateView(p.state),
          })),
        },
      };
    },
  );

  app.get(
    '/recipients/:recipient_id/preferences/check',
    { config: { access }, schema: { ...documented({ summary: 'Check whether a recipient gets a notification type', success: 'The decision', response: recipientPreferenceExamples.check }), tags, params: RecipientIdParams, querystring: CheckPreferenceQuery, response: { 200: dataOnly(CheckPreferenceResult), ...errors } } },
    async (request) => {
      const projectId = BigInt(request.project.id);
      const { channel, topic, event, medium } = request.query;
      const res = await afterRecipientCheck(
        recipientExists(projectId, request.params.recipient_id),
        app.checkCache.check({ projectId, recipientId: request.params.recipient_id, target: { channel, topic, event }, medium: medium ?? 'in_app' }),
      );
      const state = stateView(res.state);
      return { data: { target: targetView(res.target, res.medium), state, decision: decisionView(res.decision, state.enabled ? 'enabled' : 'disabled') } };
    },
  );
};

export default recipientPreferenceRoutes;
