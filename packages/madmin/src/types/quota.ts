/** madmin.BucketQuota: a hard limit in bytes ("fifo" is deprecated and refused). */
export interface BucketQuota {
  quota: number;
  quotatype: 'hard';
}
