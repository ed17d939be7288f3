import type { LiveEnd, LiveStatus } from '../../api/liveStream.js';

// Spec 002 §2.13 and §4: the Diagnostics screen's states and the file it hands over.

export type DiagnosticState = 'idle' | 'inProgress' | 'success' | 'error';

/**
 * idle before the first start; inProgress while the socket connects and is open; success on a
 * normal close (1000); error on an error or on any other close (1011, 1008, 1006 and the rest).
 */
export function diagnosticState(status: LiveStatus, end: { kind: LiveEnd } | undefined): DiagnosticState {
  if (status === 'idle') return 'idle';
  if (status === 'connecting' || status === 'open' || status === 'reconnecting') return 'inProgress';
  return status === 'ended' && end?.kind === 'complete' ? 'success' : 'error';
}

/** The name MinIO's console gives the report. */
export const REPORT_FILE_NAME = 'diagnostic.json.gz';

/** The report as MinIO's console downloads it: the HealthInfo document as gzipped JSON. */
export async function gzipReport(report: unknown): Promise<Uint8Array<ArrayBuffer>> {
  const json = new Response(JSON.stringify(report)).body;
  if (!json) throw new Error('no report body');
  const gzipped = json.pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(gzipped).arrayBuffer());
}
