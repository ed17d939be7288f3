import { DEFAULT_TARGET, effective, isEnabled, type ServerConfig } from './kv.js';
import { notifyType, SUBSYSTEMS } from './subsystems.js';

// Notification target ARNs, as MinIO forms them (madmin-protocol.md §6.6):
// arn:minio:sqs:<region>:<target id>:<type>, one per enabled notify_* target.

/** The region set in the configuration (site, or the deprecated region), else ''. */
export function configuredRegion(config: ServerConfig): string {
  return config.site?.[DEFAULT_TARGET]?.region || config.region?.[DEFAULT_TARGET]?.name || '';
}

/** ARNs of the enabled notification targets. */
export function notificationArns(config: ServerConfig): string[] {
  const region = configuredRegion(config);
  const arns: string[] = [];
  for (const sub of SUBSYSTEMS) {
    if (!sub.name.startsWith('notify_')) continue;
    for (const target of Object.keys(config[sub.name] ?? {}).sort())
      if (isEnabled(sub, effective(config, sub, target)))
        arns.push(`arn:minio:sqs:${region}:${target}:${notifyType(sub.name)}`);
  }
  return arns;
}

export interface ParsedArn {
  region: string;
  /** `<target id>:<type>`: what names a target, whatever region the ARN was written with. */
  target: string;
}

/** A queue ARN's parts, or undefined when it is not a MinIO SQS ARN. */
export function parseQueueArn(arn: string): ParsedArn | undefined {
  const m = /^arn:minio:sqs:([^:]*):([^:]+):([^:]+)$/.exec(arn);
  if (!m) return undefined;
  return { region: m[1] as string, target: `${m[2]}:${m[3]}` };
}
