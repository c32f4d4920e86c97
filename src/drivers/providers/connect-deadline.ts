/**
 * The connect time-out for the vendors' clients, none of which has one of its
 * own (docs/warehouses/): the first request (a login, a session, a dry-run
 * query) races a timer, and past it the attempt is abandoned: the client is
 * closed and every socket the attempt opened is destroyed, so that nothing
 * keeps the process alive (the clients don't abort a request in flight when
 * they are closed, and retry on their own).
 *
 * Which sockets are the attempt's: those created while its code runs, found
 * through Node's `net.client.socket` diagnostics channel (TLS sockets
 * included) and an AsyncLocalStorage that follows the attempt's callbacks and
 * promises, so a socket another part of the program opens meanwhile (the
 * GitHub API) is never touched. A socket the attempt opens after it was
 * abandoned (a client's own retry) is destroyed at once.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import diagnostics from "node:diagnostics_channel";
import type { Socket } from "node:net";

interface Attempt {
  readonly sockets: Set<Socket>;
  abandoned: boolean;
}

const attempts = new AsyncLocalStorage<Attempt>();
let subscribed = false;

function onSocket(message: unknown): void {
  const attempt = attempts.getStore();
  const socket = (message as { socket?: Socket }).socket;
  if (attempt === undefined || socket === undefined) return;
  if (attempt.abandoned) {
    // Destroyed once its connecting has begun: destroyed while the channel publishes, it would connect all the same.
    setImmediate(() => socket.destroy());
    return;
  }
  attempt.sockets.add(socket);
  socket.once("close", () => attempt.sockets.delete(socket));
}

/** The deadline expired: what `attempt` was doing is abandoned. */
export class ConnectDeadlineExpired extends Error {
  constructor() {
    super("the connect timeout expired");
    this.name = "ConnectDeadlineExpired";
  }
}

/**
 * `attempt()`'s result, or a ConnectDeadlineExpired rejection after `ms`
 * (0: no limit), once `abandon` (closing the client) has run and the
 * attempt's sockets are destroyed. A failure of `attempt` within the
 * deadline is its own (its sockets are left to the client).
 */
export async function withinConnectDeadline<T>(
  ms: number,
  attempt: () => Promise<T>,
  abandon: () => Promise<void> | void,
): Promise<T> {
  if (!subscribed) {
    diagnostics.subscribe("net.client.socket", onSocket);
    subscribed = true;
  }
  const state: Attempt = { sockets: new Set(), abandoned: false };
  const work = attempts.run(state, attempt);
  if (ms <= 0) return work;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<"expired">((resolve) => {
    timer = setTimeout(() => resolve("expired"), ms);
  });
  try {
    const outcome = await Promise.race([work.then((value) => ({ value })), expired]);
    if (outcome !== "expired") return outcome.value;
  } finally {
    clearTimeout(timer);
  }
  state.abandoned = true;
  // The attempt may still settle (or fail) later: nobody waits for it.
  work.catch(() => {});
  try {
    await Promise.race([
      Promise.resolve(abandon()),
      new Promise((resolve) => setTimeout(resolve, 200).unref()),
    ]);
  } catch {
    // Closing a client that never connected may fail; its sockets go below all the same.
  }
  for (const socket of state.sockets) socket.destroy();
  state.sockets.clear();
  throw new ConnectDeadlineExpired();
}
