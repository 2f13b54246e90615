/** Bounds of lists and subscriptions, shared by the recipient service (rules) and the gateway (schemas, document). */
export const LIST_LIMITS = {
  /** A list key: 1–128 characters of `[A-Za-z0-9._:-]`. */
  keyMax: 128,
  keyPattern: '^[A-Za-z0-9._:-]{1,128}$',
  nameMax: 256,
  descriptionMax: 2048,
  /** Recipient ids per subscribe or unsubscribe call. */
  idsPerCall: 1000,
  pageDefault: 50,
  pageMax: 1000,
  /** Page of subscriber ids for the fan-out (ListSubscribers). */
  subscribersPageMax: 1000,
} as const;
