import { Checkbox } from '@mantine/core';

/** "All … except these": turns an element into its Not… twin (NotAction, NotResource, NotPrincipal). */
export function ExceptCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox size="xs" label={label} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
  );
}
