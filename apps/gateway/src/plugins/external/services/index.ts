import fp from 'fastify-plugin';
import type { ServiceClients } from './service-clients';

declare module 'fastify' {
  interface FastifyInstance {
    /** Connect clients of the internal services. */
    services: ServiceClients;
  }
}

export default fp<{ services: ServiceClients }>(
  async (app, opts) => {
    app.decorate('services', opts.services);
  },
  { name: 'services' },
);
