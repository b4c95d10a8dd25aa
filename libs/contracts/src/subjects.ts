/** The five back-end services, each a NATS queue group of its own name. */
export const SERVICE_NAMES = ['auth', 'catalog', 'billing', 'media', 'users'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * NATS subjects, versioned: a breaking change to a payload gets a new version suffix and both
 * versions are served until every caller has moved.
 */
export const Subjects = {
  health: (service: ServiceName) => `chitram.${service}.health.v1` as const,
  billing: {
    listPlans: 'chitram.billing.plans.list.v1',
  },
} as const;

/** Header that carries the request id from the gateway through NATS into each service's logs. */
export const REQUEST_ID_HEADER = 'x-request-id';
