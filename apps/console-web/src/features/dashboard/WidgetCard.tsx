import { ActionIcon, Badge, Group, Paper, Stack, Title } from '@mantine/core';
import type { Widget } from '@stowage/contract';
import { IconArrowDown, IconArrowUp, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState.js';
import { tokens } from '../../theme/tokens.js';
import { useWidgetQuery } from './queries.js';
import type { TimeRange } from './timeRange.js';
import { WidgetChart } from './WidgetChart.js';
import { useWidgetTitle } from './widgetTitle.js';

/** What the Customize mode lets the user do to one widget. */
export interface WidgetCustomizing {
  hidden: boolean;
  onMove: (step: -1 | 1) => void;
  onToggleHidden: () => void;
}

interface WidgetCardProps {
  widget: Pick<Widget, 'id' | 'title'>;
  range: TimeRange;
  /** Set in Customize mode. */
  customizing?: WidgetCustomizing | undefined;
}

/** One panel: its title and its own data, loading and failing without touching the others. */
export function WidgetCard({ widget, range, customizing }: WidgetCardProps) {
  const { t } = useTranslation();
  const title = useWidgetTitle(widget);
  const hidden = customizing?.hidden ?? false;
  return (
    <Paper
      withBorder
      p="md"
      h="100%"
      bg={tokens.color['bg-surface']}
      component="section"
      aria-label={title}
      style={hidden ? { borderStyle: 'dashed' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} size="sm" c={tokens.color['text-muted']}>
            {title}
          </Title>
          {customizing && <CustomizeControls title={title} {...customizing} />}
        </Group>
        {hidden ? (
          <Badge variant="outline" color={tokens.intent.neutral}>
            {t('dashboard.layout.hidden')}
          </Badge>
        ) : (
          <WidgetData id={widget.id} range={range} />
        )}
      </Stack>
    </Paper>
  );
}

function WidgetData({ id, range }: { id: number; range: TimeRange }) {
  const query = useWidgetQuery(id, range);
  return <QueryState query={query}>{(data) => <WidgetChart widget={data} />}</QueryState>;
}

function CustomizeControls({ title, hidden, onMove, onToggleHidden }: WidgetCustomizing & { title: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={t('dashboard.layout.moveUp', { title })}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size="1rem" aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={t('dashboard.layout.moveDown', { title })}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size="1rem" aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={t(hidden ? 'dashboard.layout.show' : 'dashboard.layout.hide', { title })}
        onClick={onToggleHidden}
      >
        {hidden ? <IconEye size="1rem" aria-hidden /> : <IconEyeOff size="1rem" aria-hidden />}
      </ActionIcon>
    </Group>
  );
}
