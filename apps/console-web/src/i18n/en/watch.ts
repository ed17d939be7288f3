/** English texts of the Watch screen (spec 002 §2.11). Spec strings are copied exactly. */
export const watch = {
  watch: {
    bucket: 'Bucket',
    selectBucket: 'Select Bucket',
    prefix: 'Prefix',
    suffix: 'Suffix',
    start: 'Start',
    stop: 'Stop',
    table: 'Bucket events',
    columns: { time: 'Time', size: 'Size', type: 'Type', path: 'Path' },
    empty: 'No Changes at this time',
  },
} as const;
