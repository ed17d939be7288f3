import { Select } from '@mantine/core';
import { useBucketsQuery } from '../../buckets/queries.js';

/** A bucket of the list, for the studio's ARN helper and templates. */
export function BucketSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (bucket: string | null) => void;
}) {
  const buckets = useBucketsQuery();
  return (
    <Select
      size="xs"
      label={label}
      data={(buckets.data?.buckets ?? []).map((b) => b.name)}
      value={value}
      onChange={onChange}
      searchable
      w="12rem"
    />
  );
}
