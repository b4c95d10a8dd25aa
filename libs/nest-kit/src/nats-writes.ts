import type { Socket } from 'node:net';
import type { NatsConnection } from 'nats';

/** The parts of nats.js's connection internals (v2) that write to the socket. */
interface ProtocolInternals {
  flushPending?: () => void;
  transport?: { socket?: Socket };
}

const BATCHED = Symbol('chitram.natsWritesBatched');

/**
 * Makes a NATS connection write what one turn of the event loop publishes in one system call.
 *
 * nats.js writes its pending messages in a microtask after the first publish, so under load every
 * request (or reply) sent from its own I/O callback costs a socket write of its own; on loopback that
 * write also does the receiving side's TCP work, and it was the largest single cost per request of
 * the gateway and of a service (profiled under bench:gateway). Here each flush goes into a
 * corked socket, uncorked once the current I/O callbacks have run (setImmediate): the messages of
 * every request read in that turn leave together, in order, a few microseconds later at most.
 * Ending the socket uncorks it, so nothing written is held back by a close.
 *
 * Works on the internals of nats.js 2.x; when they are not as expected the connection is left as it
 * is (writes stay correct, one per flush). Applying it twice changes nothing.
 */
export function batchNatsWrites<C extends NatsConnection>(connection: C): C {
  const protocol = (connection as unknown as { protocol?: ProtocolInternals & { [BATCHED]?: true } })
    .protocol;
  const flushNow = protocol?.flushPending;
  if (!protocol || typeof flushNow !== 'function' || protocol[BATCHED]) return connection;
  protocol[BATCHED] = true;
  let corked: Socket | undefined;
  const uncork = () => {
    const socket = corked;
    corked = undefined;
    if (socket && socket.writableCorked > 0) socket.uncork();
  };
  protocol.flushPending = () => {
    const socket = protocol.transport?.socket;
    if (socket && corked !== socket && typeof socket.cork === 'function') {
      uncork(); // a socket replaced by a reconnect within the turn: let the old one go first
      socket.cork();
      corked = socket;
      setImmediate(uncork);
    }
    flushNow.call(protocol);
  };
  return connection;
}
