import { type MetricsAuth, metricsAuthSetting } from './admin/metrics-auth.js';
import { scannerCycleSetting } from './ilm/scanner.js';
import { OUTBOUND_SETTING, OutboundPolicy } from './net/outbound.js';
import { cspSandboxSetting } from './s3/active-content.js';

// Settings read from the environment once, when the store starts (a restart through the
// admin API keeps them): security switches an administrator of the running store, who may
// change its configuration, should not be able to flip.

export interface StartSettings {
  /** STOWAGE_API_CSP_SANDBOX (s3/active-content.ts). */
  cspSandbox: boolean;
  /** STOWAGE_OUTBOUND_ALLOW (net/outbound.ts): where targets, remotes and tiers may connect. */
  outbound: OutboundPolicy;
  /** STOWAGE_PROMETHEUS_AUTH_TYPE, STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME (admin/metrics-auth.ts). */
  metricsAuth: MetricsAuth;
  /** STOWAGE_SCANNER_CYCLE (ilm/scanner.ts): the pause between scanner cycles, over `scanner cycle`. */
  scannerCycleMs: number | undefined;
}

/** Reads and checks them; a value that makes no sense stops the start with its name. */
export function startSettings(env: Record<string, string | undefined> = process.env): StartSettings {
  return {
    cspSandbox: cspSandboxSetting(env),
    outbound: OutboundPolicy.parse(env[OUTBOUND_SETTING]),
    metricsAuth: metricsAuthSetting(env),
    scannerCycleMs: scannerCycleSetting(env),
  };
}
