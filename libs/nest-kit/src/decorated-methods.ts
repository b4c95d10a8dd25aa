import type { DiscoveryService, MetadataScanner } from '@nestjs/core';

/**
 * Every provider method that carries metadata under `key` (an @EventHandler, a @JobHandler), with
 * the metadata and the method bound to its instance: how the event consumers and job workers find
 * the methods they feed.
 */
export function decoratedMethods<Meta, Fn extends (...args: never[]) => unknown>(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  key: symbol,
): Array<{ meta: Meta; method: Fn }> {
  const found: Array<{ meta: Meta; method: Fn }> = [];
  for (const wrapper of discovery.getProviders()) {
    const instance: unknown = wrapper.instance;
    if (!instance || typeof instance !== 'object') continue;
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const method = prototype[name];
      const meta: unknown = typeof method === 'function' ? Reflect.getMetadata(key, method) : undefined;
      if (meta) found.push({ meta: meta as Meta, method: (method as Fn).bind(instance) as Fn });
    }
  }
  return found;
}
