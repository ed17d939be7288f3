import { Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OperatorWriteCan } from '../../components/OperatorCan.js';
import { tokens } from '../../theme/tokens.js';
import { ExternalButton } from './ExternalButton.js';
import { externalUrl } from './links.js';
import { COMPARISON_ROWS, PLAN_LINK, PLANS, type Plan } from './plans.js';

interface PlanComparisonProps {
  current: Plan;
  subscribed: boolean;
  operator: boolean;
  /** Operator mode: the Standard column's Activate link opens the activation dialog. */
  onActivate?: (() => void) | undefined;
}

/** Spec 002 §2.8: Community, Standard and Enterprise side by side; the current plan highlighted. */
export function PlanComparison({ current, subscribed, operator, onActivate }: PlanComparisonProps) {
  const { t } = useTranslation();
  const highlight = (plan: Plan) =>
    plan === current ? { background: tokens.color['highlight-bg'] } : undefined;

  const buttonLabel = (plan: Plan): string => {
    if (plan === 'community') return t('license.buttons.community');
    if (plan === current) return t('license.buttons.manage');
    return subscribed ? t('license.buttons.upgrade') : t('license.buttons.subscribe');
  };
  // A subscriber manages the plan through the subscription support site.
  const buttonUrl = (plan: Plan) =>
    externalUrl(subscribed && plan !== 'community' ? 'subscriptionSupport' : PLAN_LINK[plan], operator);

  return (
    <Table withTableBorder withColumnBorders verticalSpacing="sm" aria-label={t('license.comparison')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <VisuallyHidden>{t('license.feature')}</VisuallyHidden>
          </Table.Th>
          {PLANS.map((plan) => (
            <Table.Th
              key={plan}
              scope="col"
              style={highlight(plan)}
              aria-current={plan === current ? 'true' : undefined}
              data-plan={plan}
            >
              <Stack gap={4} align="center" ta="center">
                {plan === current && (
                  <Badge variant="filled" size="sm">
                    {t('license.currentPlan')}
                  </Badge>
                )}
                <Text fw={700} size="lg" component="span">
                  {t(`license.plans.${plan}`)}
                </Text>
                <Text fw={600} size="sm" component="span">
                  {t(`license.prices.${plan}`)}
                </Text>
                <Text size="xs" c="dimmed" component="span">
                  {t(`license.capacityMax.${plan}`)}
                </Text>
              </Stack>
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {COMPARISON_ROWS.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Th scope="row">{t(`license.rows.${row.id}`)}</Table.Th>
            {PLANS.map((plan) => {
              const cell = row.cells[plan];
              return (
                <Table.Td key={plan} ta="center" style={highlight(plan)}>
                  {typeof cell === 'string' ? (
                    t(`license.cells.${cell}`)
                  ) : cell ? (
                    <IconCircleCheck
                      size="1.1rem"
                      color={tokens.color.success}
                      aria-label={t('license.cells.yes')}
                      role="img"
                    />
                  ) : (
                    <VisuallyHidden>{t('license.cells.no')}</VisuallyHidden>
                  )}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td />
          {PLANS.map((plan) => (
            <Table.Td key={plan} ta="center" style={highlight(plan)}>
              <Stack gap="xs" align="center">
                <ExternalButton
                  href={buttonUrl(plan)}
                  variant={plan === 'community' ? 'default' : 'filled'}
                  data-plan={plan}
                >
                  {buttonLabel(plan)}
                </ExternalButton>
                {plan === 'standard' && onActivate && (
                  <OperatorWriteCan what={t('license.changeLicense')}>
                    <Button variant="subtle" size="compact-sm" onClick={onActivate} aria-haspopup="dialog">
                      {t('license.activate.link')}
                    </Button>
                  </OperatorWriteCan>
                )}
              </Stack>
            </Table.Td>
          ))}
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
