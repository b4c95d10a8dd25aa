/** Injection tokens of the service kit. */
export const CONFIG = Symbol('CONFIG');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
