export { createConsumerFigures } from './consumer-figures';
export { countByStatus, createDeliveryMetrics, type DeliveryMetrics, registerConsumerGauges } from './delivery-metrics';
export { createPeerClients, preferenceResolver, type RecipientClient, recipientDirectory } from './peer-clients';
export { ensureDeliveryStreams } from './streams';
export { createRecipientPresence, listenForDeletions, natsReadBarrier } from './recipient-presence';
