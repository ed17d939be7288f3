import type { OperatorPermissions } from '@stowage/contract';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DeniedControl } from '../../../components/Can.js';
import { useNamespacePermissions } from '../queries.js';

type Right = Exclude<keyof OperatorPermissions, 'readOnly'>;

/**
 * Whether the token may use `right` in the namespace: false only when the cluster's RBAC says
 * no; while the answer is pending or unknown the control stays usable (the API still decides).
 */
export function useOperatorRight(namespace: string, right: Right): boolean {
  const rights = useNamespacePermissions(namespace);
  return rights.data === undefined || (!rights.data.readOnly && rights.data[right]);
}

/** One mutating control of a tenant page, disabled with the reason when RBAC refuses `right`. */
export function RightGate({
  namespace,
  right,
  children,
}: {
  namespace: string;
  right: Right;
  children: ComponentProps<typeof DeniedControl>['children'];
}) {
  const { t } = useTranslation();
  const allowed = useOperatorRight(namespace, right);
  if (allowed) return children;
  const reason = right === 'deletePod' ? t('tenantTabs.readOnlyPods') : t('tenantTabs.readOnly');
  return (
    <DeniedControl reason={reason} marker={right}>
      {children}
    </DeniedControl>
  );
}
