/** English texts of the live tools (spec 002 §2.9–§2.13). Spec strings are copied exactly. */
export const tools = {
  live: {
    status: {
      idle: 'Not started',
      connecting: 'Connecting',
      open: 'Live',
      reconnecting: 'Reconnecting',
      ended: 'Stopped',
      failed: 'Stopped with an error',
    },
    reconnecting: 'Connection lost; reconnecting (attempt {{attempt}})…',
    refused: 'The console refused the stream: {{reason}}',
    failedReason: 'The server ended the stream: {{reason}}',
    lost: 'The connection to the console was lost (code {{code}}). Check the network or the proxy in front of the console, then start again.',
    noReason: 'no reason given',
    received: '{{count}} received',
    dropped: '{{count}} oldest dropped to keep memory bounded',
    pending: '{{count}} new while paused',
    pause: 'Pause',
    resume: 'Resume',
    clear: 'Clear',
  },
} as const;
