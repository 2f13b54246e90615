import { Type } from '@sinclair/typebox';
import type { RouteOptions } from 'fastify';
import { DomainError } from '@herald/service-kit';
import { closeRouteBody } from './closed-body';
import { validatorCompiler } from './validator';

const View = Type.Object({ id: Type.Integer(), url: Type.String(), created_at: Type.String() });
const Body = Type.Object({ url: Type.Optional(Type.String()) });

const routeOf = (method: string, url: string): RouteOptions =>
  ({ method, url, handler: async () => null, schema: { body: Body, response: { 200: Type.Object({ message: Type.String(), data: View }) } } }) as RouteOptions;

describe('closeRouteBody', () => {
  it('when a route shows a view, then its body accepts the view fields and ignores them', () => {
    const route = routeOf('PATCH', '/webhooks/:webhook_id');
    closeRouteBody(route);
    const body = route.schema?.body as { properties: Record<string, unknown> };
    expect(Object.keys(body.properties)).toEqual(['url', 'id', 'created_at']);
    const check = validatorCompiler({ schema: body, httpPart: 'body' });
    expect(check({ url: 'https://a.example', id: 5, created_at: '2026-01-01T00:00:00Z' })).toEqual({ value: { url: 'https://a.example' } });
    expect((check({ uri: 'x' }) as { error: DomainError }).error.violations.map((v) => v.property_path)).toEqual(['uri']);
  });

  it('when the path ends in the resource id, then a body id must equal it', async () => {
    const route = routeOf('PATCH', '/webhooks/:webhook_id');
    closeRouteBody(route);
    const [same] = [route.preValidation].flat() as Array<(r: unknown) => Promise<void>>;
    await expect(same({ body: { id: 5 }, params: { webhook_id: '5' } })).resolves.toBeUndefined();
    await expect(same({ body: { id: 6 }, params: { webhook_id: '5' } })).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('when a route creates (no own id in the path), then id is not accepted', () => {
    const route = routeOf('POST', '/webhooks');
    closeRouteBody(route);
    const body = route.schema?.body as { properties: Record<string, unknown> };
    expect(Object.keys(body.properties)).toEqual(['url', 'created_at']);
    expect(route.preValidation).toBeUndefined();
  });
});
