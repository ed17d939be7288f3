import { sockets } from '@stowage/contract';
import type { AppDeps } from '../app.js';
import type { createSocketBinder } from './bind-socket.js';
import { consoleLogFrames } from './console-log.js';
import { healFrames } from './heal.js';
import { healthInfoFrames } from './health-info.js';
import { traceFrames } from './trace.js';
import { watchFrames } from './watch.js';

/** The five live streams of spec 002 §7.2, each fed by the storage server with the session's keys. */
export function registerSockets(bind: ReturnType<typeof createSocketBinder>, { gateway }: AppDeps): void {
  bind(sockets.trace, ({ session, query, signal }) =>
    traceFrames(gateway.admin(session.credentials), query, signal),
  );
  bind(sockets.console, ({ session, signal }) =>
    consoleLogFrames(gateway.admin(session.credentials), signal),
  );
  bind(sockets.watch, ({ session, params, query, signal }) =>
    watchFrames(gateway, session, params.bucket, query, signal),
  );
  bind(sockets.heal, ({ session, params, query, signal }) =>
    healFrames(gateway.admin(session.credentials), params.bucket, query, signal),
  );
  bind(sockets.healthInfo, ({ session, query, signal }) =>
    healthInfoFrames(gateway.admin(session.credentials), query, signal),
  );
}
