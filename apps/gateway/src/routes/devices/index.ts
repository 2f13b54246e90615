import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { RecipientIdParams } from '../recipients/schemas';
import { pathIdOr404 } from '../shared/path-id';
import { dataOnly, MessageOnly, withMessage } from '../shared/schemas';
import type { RoutePlugin } from '../shared/type-provider';
import { deviceExamples } from './examples';
import { AddDeviceBody, DeviceParams, DeviceSchema } from './schemas';
import { deviceView } from './views';

const tags = ['devices'];

/**
 * A recipient's mobile devices (FCM and APNs tokens). Every route takes a key or the recipient's
 * own token: the app registers its installation itself. Each handler is one RPC.
 */
const deviceRoutes: RoutePlugin = async (app) => {
  const rpc = app.services.recipients;
  const access = 'recipient' as const;

  app.post(
    '/recipients/:recipient_id/devices',
    {
      config: { access },
      schema: {
        ...documented({ summary: 'Register a mobile device', success: 'Registered (the same device when the token was already registered)', request: deviceExamples.input, response: deviceExamples.created }),
        tags,
        params: RecipientIdParams,
        body: AddDeviceBody,
        response: { 201: withMessage(DeviceSchema), ...errorResponses('message') },
      },
    },
    async (request, reply) => {
      const { platform, token, app_id, locale } = request.body;
      const { device, created } = await rpc.addDevice({ projectId: BigInt(request.project.id), recipientId: request.params.recipient_id, platform, token, appId: app_id, locale });
      return reply.code(201).send({ message: created ? 'Device registered' : 'Device registered again', data: deviceView(device) });
    },
  );

  app.get(
    '/recipients/:recipient_id/devices',
    {
      config: { access },
      schema: {
        ...documented({ summary: "List a recipient's devices", success: 'The devices, least recently registered first', response: deviceExamples.list }),
        tags,
        params: RecipientIdParams,
        response: { 200: dataOnly(Type.Object({ devices: Type.Array(DeviceSchema) })), ...errorResponses('message') },
      },
    },
    async (request) => {
      const { devices } = await rpc.listDevices({ projectId: BigInt(request.project.id), recipientId: request.params.recipient_id });
      return { data: { devices: devices.map(deviceView) } };
    },
  );

  app.delete(
    '/recipients/:recipient_id/devices/:device_id',
    {
      config: { access },
      schema: { ...documented({ summary: 'Remove a device', success: 'Removed', response: deviceExamples.deleted }), tags, params: DeviceParams, response: { 200: MessageOnly, ...errorResponses('message') } },
    },
    async (request) => {
      const deviceId = BigInt(pathIdOr404(request.params.device_id, 'device_not_found', 'Device not found'));
      await rpc.deleteDevice({ projectId: BigInt(request.project.id), recipientId: request.params.recipient_id, deviceId });
      return { message: 'Device deleted' };
    },
  );
};

export default deviceRoutes;
