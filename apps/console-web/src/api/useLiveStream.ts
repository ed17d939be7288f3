import type { SocketDef } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Static } from 'typebox';
import { useStore } from '../lib/externalStore.js';
import { callApi } from './client.js';
import {
  type LiveSnapshot,
  LiveStream,
  type LiveStreamOptions,
  type SocketParams,
  socketUrl,
} from './liveStream.js';

type QueryOf<S extends SocketDef> = { [K in keyof Static<S['query']>]?: string };

export interface LiveStreamControls<S extends SocketDef> extends LiveSnapshot<Static<S['frame']>> {
  /** True while connecting, open or reconnecting. */
  running: boolean;
  /** What the last close means for the user, or undefined while all is well. */
  message?: string;
  start(input?: { params?: SocketParams<S>; query?: QueryOf<S> }): void;
  stop(): void;
  pause(): void;
  resume(): void;
  clear(): void;
}

/**
 * The one hook every live screen uses: a contract socket, started and stopped by the screen,
 * frames typed from the contract. The stream closes when the screen goes away.
 */
export function useLiveStream<S extends SocketDef>(
  socket: S,
  options: LiveStreamOptions = {},
): LiveStreamControls<S> {
  const { t } = useTranslation();
  // One stream per mounted screen; options are read once, like useState's initial value.
  const [stream] = useState(() => new LiveStream<Static<S['frame']>>(options));
  const snapshot = useStore(stream.state);
  useEffect(() => () => stream.stop(), [stream]);

  // A refusal may mean the session expired: asking for the session then answers 401, which
  // ends it (api/client.ts) and takes the user to the login page, as any other call would.
  const refused = snapshot.end?.kind === 'refused' ? snapshot.end : undefined;
  useEffect(() => {
    if (refused) callApi(routes.getSession).catch(() => {});
  }, [refused]);

  const start = useCallback(
    (input: { params?: SocketParams<S>; query?: QueryOf<S> } = {}) =>
      stream.start(
        socketUrl(
          socket,
          input.params as never,
          (input.query ?? {}) as Record<string, string | undefined>,
          options.location,
        ),
      ),
    [stream, socket, options.location],
  );

  const message = useMemo(() => {
    const end = snapshot.end;
    if (!end) return undefined;
    if (snapshot.status === 'reconnecting')
      return t('live.reconnecting', { attempt: String(snapshot.attempts) });
    if (end.kind === 'complete') return undefined;
    if (end.kind === 'refused') return t('live.refused', { reason: end.reason || t('live.noReason') });
    if (end.kind === 'failed') return t('live.failedReason', { reason: end.reason || t('live.noReason') });
    return t('live.lost', { code: String(end.code) });
  }, [snapshot.end, snapshot.status, snapshot.attempts, t]);

  return {
    ...snapshot,
    running: ['connecting', 'open', 'reconnecting'].includes(snapshot.status),
    message,
    start,
    stop: useCallback(() => stream.stop(), [stream]),
    pause: useCallback(() => stream.pause(), [stream]),
    resume: useCallback(() => stream.resume(), [stream]),
    clear: useCallback(() => stream.clear(), [stream]),
  };
}
