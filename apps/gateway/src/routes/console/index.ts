import type { RoutePlugin } from '../shared/type-provider';
import consolePageRoutes from './page-routes';
import consoleSessionRoutes from './session-routes';

/** The operator console: its page and assets, and its sign-in (not part of the API). */
const consoleRoutes: RoutePlugin = async (app) => {
  await app.register(consolePageRoutes);
  await app.register(consoleSessionRoutes);
};

export default consoleRoutes;
