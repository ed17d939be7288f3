import type { GoTime } from './common.js';
import type { AccountStatus } from './users.js';

/** Plain body of PUT /update-group-members. */
export interface GroupAddRemove {
  group: string;
  members: string[];
  /** "" leaves the status as it is. */
  groupStatus?: '' | AccountStatus;
  /** With no members: remove the group (it must be empty). */
  isRemove: boolean;
}

/** GET /group?group=… */
export interface GroupDesc {
  name: string;
  status: AccountStatus;
  members: string[] | null;
  /** Comma-separated policy names. */
  policy: string;
  updatedAt: GoTime;
}
