// Where a configured target, remote or tier connects, as the outbound allow-list and the
// clients see it: a host as compared and a port, the defaults a URL or address implies.

export interface HostPort {
  host: string;
  port: number;
}

/** Host names as compared and dialled: lower case, without brackets or a trailing dot. */
export function normalHost(host: string): string {
  return host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** `host[:port]` or `[v6]:port`; undefined without a host. */
export function hostPort(text: string, defaultPort: number): HostPort | undefined {
  const m = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(text.trim());
  if (!m || m[1] === '') return undefined;
  return { host: m[1]!, port: m[2] ? Number(m[2]) : defaultPort };
}

/** The host and port of a URL; `defaultPort` when it names none (443 for https: and wss:, else 80). */
export function urlHostPort(
  url: URL,
  defaultPort = url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80,
): HostPort {
  return { host: normalHost(url.hostname), port: Number(url.port) || defaultPort };
}

/** urlHostPort of a URL's text; undefined when it is not a URL. */
export function urlAddress(text: string, defaultPort?: number): HostPort | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  return urlHostPort(url, defaultPort);
}

/** The port an MQTT broker URL means when it names none (mqtt.js's defaults). */
export function mqttPort(url: string): number {
  const scheme = /^([a-z]+):/i.exec(url)?.[1]?.toLowerCase() ?? '';
  if (scheme === 'ws') return 80;
  if (scheme === 'wss') return 443;
  return ['mqtts', 'ssl', 'tls', 'tcps'].includes(scheme) ? 8883 : 1883;
}
