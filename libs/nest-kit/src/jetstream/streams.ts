import type { NatsConnection, StreamConfig } from 'nats';

/**
 * Creates a JetStream stream if it does not exist yet. Every instance of every service that uses it
 * calls this at start, in any order: one that loses the race to create it finds it made by another.
 */
export async function ensureStream(
  connection: NatsConnection,
  config: Partial<StreamConfig> & { name: string },
): Promise<void> {
  const jsm = await connection.jetstreamManager();
  try {
    await jsm.streams.info(config.name);
    return;
  } catch {
    // not there yet: create it below
  }
  try {
    await jsm.streams.add(config);
  } catch (error) {
    // Another service created it between our look and our add.
    await jsm.streams.info(config.name).catch(() => {
      throw error;
    });
  }
}
