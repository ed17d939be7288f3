import { Anchor, Button, type ButtonProps, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Spec 002 §2.8: external pages open in a new tab, with no opener and no referrer.
const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

function NewTabHint() {
  const { t } = useTranslation();
  return <VisuallyHidden>{` ${t('license.newTab')}`}</VisuallyHidden>;
}

export function ExternalButton({
  href,
  children,
  ...props
}: ButtonProps & { href: string; children: ReactNode }) {
  return (
    <Button component="a" href={href} {...NEW_TAB} {...props}>
      {children}
      <NewTabHint />
    </Button>
  );
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} {...NEW_TAB}>
      {children}
      <NewTabHint />
    </Anchor>
  );
}
