import { createServer } from 'node:net';

// For peers that cannot be told to listen on port 0: a port chosen free, and a start that
// tries again on another when something took it between the choice and the peer's bind.

/** A free TCP port on 127.0.0.1 right now (the OS picks it). */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** How the peers say their port was taken (Node, Redis, PostgreSQL, MariaDB, slapd's errno 98, RabbitMQ). */
/** A port nothing listens on (a backend that is down): the one the OS picked, closed again. */
export const closedPort = freePort;

const PORT_TAKEN = /address already in use|eaddrinuse|errno=98|error: 98/i;

/** Whether a failed start failed because its port was taken. */
export const isPortTaken = (err: unknown): boolean => err instanceof Error && PORT_TAKEN.test(err.message);

/**
 * Runs `start` on `count` freshly chosen ports, again on new ones when a port was taken
 * (`start` must fail with the peer's own words, see isPortTaken, and clean up after itself).
 */
export async function onFreePorts<T>(
  count: number,
  start: (ports: number[]) => Promise<T>,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    try {
      return await start(ports);
    } catch (err) {
      if (attempt >= attempts || !isPortTaken(err)) throw err;
    }
  }
}

/** onFreePorts for a peer with one port. */
export const onFreePort = <T>(start: (port: number) => Promise<T>, attempts = 5): Promise<T> =>
  onFreePorts(1, ([port]) => start(port!), attempts);
