import { Tooltip } from '@mantine/core';
import type { OperatorPermissions } from '@stowage/contract';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../features/session/SessionProvider.js';
import { useNamespacePermissions } from '../features/tenants/queries.js';
import { DeniedControl } from './Can.js';

export type OperatorRight = Exclude<keyof OperatorPermissions, 'readOnly'>;

/**
 * Whether the operator token may use `right`: its cluster-wide rights from the session, or,
 * for a tenant's pages, a namespace-scoped role's rights there. 'unknown' while the namespace
 * answer is pending or failed: the control stays usable and the API server still decides.
 */
export function useOperatorRight(
  right: OperatorRight,
  namespace?: string,
): { state: 'allowed' | 'denied' | 'unknown'; readOnly: boolean } {
  const session = useSession();
  const cluster = session.status === 'authenticated' ? session.session.operatorPermissions : undefined;
  const scoped = useNamespacePermissions(
    namespace ?? '',
    namespace !== undefined && cluster?.[right] === false,
  );
  const readOnly = cluster?.readOnly === true && scoped.data?.readOnly !== false;
  if (!cluster || cluster[right]) return { state: 'allowed', readOnly: false };
  if (namespace === undefined) return { state: 'denied', readOnly };
  if (scoped.data) return { state: scoped.data[right] ? 'allowed' : 'denied', readOnly };
  return { state: 'unknown', readOnly };
}

/**
 * One mutating control of operator mode, gated by the token's RBAC (the operator counterpart
 * of CanDo): when the right is missing it is disabled and says why.
 */
export function OperatorCan({
  right,
  namespace,
  tooltip,
  children,
}: {
  right: OperatorRight;
  /** The control's own tooltip (an icon button's label); the reason replaces it when denied. */
  tooltip?: string;
  /** A tenant's namespace: a role bound there may allow what the cluster-wide rights do not. */
  namespace?: string;
  children: ComponentProps<typeof DeniedControl>['children'];
}) {
  const { t } = useTranslation();
  const { state, readOnly } = useOperatorRight(right, namespace);
  if (state !== 'denied')
    return tooltip === undefined ? children : <Tooltip label={tooltip}>{children}</Tooltip>;
  const what = t(`permissions.operator.rights.${right}`);
  const reason = readOnly
    ? t('permissions.operator.readOnly', { right: what })
    : t('permissions.operator.missing', { right: what });
  return (
    <DeniedControl reason={reason} marker={right}>
      {children}
    </DeniedControl>
  );
}
