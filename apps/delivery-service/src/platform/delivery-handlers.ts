import type { ServiceImpl } from '@connectrpc/connect';
import type { DeliveryService } from '@herald/contracts';

/** Some of DeliveryService's handlers: what a module's routes file answers (server.ts composes them). */
export type DeliveryHandlers<K extends keyof ServiceImpl<typeof DeliveryService>> = Pick<ServiceImpl<typeof DeliveryService>, K>;
