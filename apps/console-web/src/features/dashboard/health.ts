// Spec 000 §4 "Colours": the states and health rules of the general-status view.

export type Tone = 'good' | 'warning' | 'bad' | 'neutral';

/** Drive state: ok green, offline red, anything else grey. */
export const driveTone = (state: string): Tone =>
  state === 'ok' ? 'good' : state === 'offline' ? 'bad' : 'neutral';

/** Server state: online green, offline red. */
export const serverTone = (state: string): Tone =>
  state === 'online' ? 'good' : state === 'offline' ? 'bad' : 'neutral';

/**
 * Healthy drives or peers out of all: red at half or fewer, yellow at exactly one more than
 * half, green when all are healthy. Between those (5 of 7) still lacks redundancy: yellow.
 */
export function healthTone(healthy: number, total: number): Tone {
  if (total === 0) return 'neutral';
  if (healthy >= total) return 'good';
  if (healthy <= total / 2) return 'bad';
  return 'warning';
}
