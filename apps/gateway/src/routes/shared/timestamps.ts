// Timestamps: one definition, in @herald/contracts (the REST views use it too).
export { formatProtoTimestamp, formatTimestamp } from '@herald/contracts';
