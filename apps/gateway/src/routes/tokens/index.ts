import { timestampMs } from '@bufbuild/protobuf/wkt';
import { LIMITS } from '@herald/contracts';
import type { RoutePlugin } from '../shared/type-provider';
import { formatTimestamp } from '../shared/timestamps';
import { withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { RecipientIdParams, TokenBody, TokenSchema } from '../recipients/schemas';
import { issueRecipientToken } from './issue-recipient-token';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { recipientExamples } from '../recipients/examples';

/** Recipient tokens: Full key only; the recipient must exist. */
const tokenRoutes: RoutePlugin = async (app) => {
  const deps = {
    tokenSecret: app.config.TOKEN_SECRET,
    now: () => app.clock.date(),
    recipientIncarnation: async (projectId: number, recipientId: string) => {
      const res = await app.services.recipients.getRecipient({ projectId: BigInt(projectId), id: recipientId });
      return res.recipient?.createdAt ? timestampMs(res.recipient.createdAt) : 0;
    },
  };

  app.post(
    '/recipients/:recipient_id/tokens',
    { schema: { ...documented({ summary: 'Mint a recipient token for a browser', success: 'Created', request: recipientExamples.tokenRequest, response: recipientExamples.token }), tags: ['recipients'], params: RecipientIdParams, body: TokenBody, response: { 201: withMessage(TokenSchema), ...errorResponses('message') } } },
    async (request, reply) => {
      const issued = await issueRecipientToken(
        deps,
        {
          projectId: request.project.id,
          recipientId: request.params.recipient_id,
          ttlSeconds: request.body?.ttl_seconds ?? LIMITS.tokenTtlDefaultSeconds,
          // Full access only: the caller is a key (a token is refused before this runs).
          keyId: request.principal.kind === 'key' ? request.principal.keyId : 0,
        },
      );
      return reply.code(201).send({
        message: 'Token created',
        data: { token: issued.token, recipient_id: issued.recipientId, expires_at: formatTimestamp(issued.expiresAt) },
      });
    },
  );
};

export default tokenRoutes;
