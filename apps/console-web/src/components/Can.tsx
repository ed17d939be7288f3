import { Box, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ConsoleAction } from '@stowage/contract';
import { cloneElement, type MouseEvent, type ReactElement, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../features/permissions/queries.js';
import { useSession } from '../features/session/SessionProvider.js';

/** True when the session may open routes of this page pattern (a CONSOLE_PAGES key). */
export function useCanOpen(page: string): boolean {
  const session = useSession();
  return session.status === 'authenticated' && session.session.pages.includes(page);
}

/** Renders children only for sessions allowed the page; the server still enforces every call. */
export function Can({ page, children }: { page: string; children: ReactNode }) {
  return useCanOpen(page) ? children : null;
}

/**
 * One mutating control, gated by an IAM action (spec 001 §6). When the server says the
 * session's policy denies the action, the control is disabled and a tooltip (also read out
 * by screen readers) names the missing action, instead of the call failing after a click.
 * While the answer is pending, or if the check itself fails, the control stays usable: the
 * check only shapes the screen and the server still decides every call.
 */
export function CanDo({
  action,
  bucket,
  tooltip,
  children,
}: {
  action: ConsoleAction;
  bucket?: string;
  /** The control's own tooltip (an icon button's label); the reason replaces it when denied. */
  tooltip?: string;
  children: ControlElement;
}) {
  const { t } = useTranslation();
  if (usePermission(action, bucket) !== 'denied') {
    return tooltip === undefined ? children : <Tooltip label={tooltip}>{children}</Tooltip>;
  }
  return (
    <DeniedControl reason={t('permissions.missing', { action })} marker={action}>
      {children}
    </DeniedControl>
  );
}

type ControlElement = ReactElement<{
  disabled?: boolean;
  'aria-describedby'?: string;
  'aria-disabled'?: boolean;
  tabIndex?: number;
  onClick?: (event: MouseEvent) => void;
}>;

/**
 * A control the session may not use: disabled, with the reason in a tooltip that is also read
 * out by screen readers. `marker` names the missing right (data-missing-permission) for tests.
 */
export function DeniedControl({
  reason,
  marker,
  children,
}: {
  reason: string;
  marker: string;
  children: ControlElement;
}) {
  const reasonId = useId();
  return (
    <Tooltip label={reason} withArrow events={{ hover: true, focus: true, touch: true }}>
      {/* A disabled control takes no focus or hover, so the wrapper carries the reason. */}
      <Box
        component="span"
        display="inline-flex"
        tabIndex={0}
        aria-describedby={reasonId}
        data-missing-permission={marker}
      >
        {/* A link ignores `disabled`: it also leaves the tab order and refuses the click. */}
        {cloneElement(children, {
          disabled: true,
          'aria-disabled': true,
          'aria-describedby': reasonId,
          tabIndex: -1,
          onClick: (event: MouseEvent) => event.preventDefault(),
        })}
        <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
      </Box>
    </Tooltip>
  );
}
