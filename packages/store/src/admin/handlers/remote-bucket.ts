import { type OutboundPolicy, OutboundRefused } from '../../net/outbound.js';
import { probeRemoteBucket, type RemoteBucket, type RemoteState } from '../../replication/remote.js';
import { ApiError, type ErrorCode } from '../../wire/errors.js';

// Remote targets and tiers are checked against their remote bucket before they are kept.

/**
 * The state of a remote bucket, for an admin call. An address STOWAGE_OUTBOUND_ALLOW does
 * not allow (refused by the connection itself, names resolved as it resolves them) is the
 * admin error `refusedAs`, the refusal's message kept: it names the address and the setting.
 */
export async function remoteBucketState(
  remote: RemoteBucket,
  outbound: OutboundPolicy,
  refusedAs: ErrorCode,
): Promise<RemoteState> {
  try {
    return await probeRemoteBucket(remote, outbound);
  } catch (err) {
    if (err instanceof OutboundRefused) throw new ApiError(refusedAs, err.message);
    throw err;
  }
}
