import { Button, Grid, Group, Tabs, TextInput } from '@mantine/core';
import type { Widget } from '@stowage/contract';
import { IconLayoutGrid, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { arrange, moveWidget, toggleHidden } from './dashboardLayout.js';
import { fromLocalInput, type TimeRange, toLocalInput } from './timeRange.js';
import { useDashboardLayout } from './useDashboardLayout.js';
import { WidgetCard } from './WidgetCard.js';
import { type DashboardTab, GRID_COLUMNS, spanOf, tabOf } from './widgetLayout.js';

const TABS: readonly DashboardTab[] = ['summary', 'traffic', 'resources'];

type WidgetDefinition = Omit<Widget, 'series'>;

interface WidgetsDashboardProps {
  /** The widgets /admin/info lists; each card loads its own data. */
  widgets: readonly WidgetDefinition[];
  /** Whose arrangement to show and keep. */
  user: string;
  range: TimeRange;
  onRangeChange: (range: TimeRange) => void;
  /** Reload every widget up to now. */
  onSync: () => void;
  syncing: boolean;
  /** No maximum width: the widgets fill the screen. */
  fullWidth?: boolean;
}

/**
 * Spec 000 §2: tabs Summary, Traffic and Resources over a Start Time / End Time range with Sync;
 * Customize lets the user reorder and hide widgets, kept per user.
 */
export function WidgetsDashboard({
  widgets,
  user,
  range,
  onRangeChange,
  onSync,
  syncing,
  fullWidth = false,
}: WidgetsDashboardProps) {
  const { t } = useTranslation();
  const [customizing, setCustomizing] = useState(false);
  const layout = useDashboardLayout(user);
  const placed = arrange(widgets, layout.arrangement).filter((p) => customizing || !p.hidden);
  const setBound = (bound: keyof TimeRange) => (text: string) => {
    const seconds = fromLocalInput(text);
    if (seconds === undefined) return;
    const next = { ...range, [bound]: seconds };
    if (next.start < next.end) onRangeChange(next);
  };

  return (
    <Tabs defaultValue="summary" keepMounted={false}>
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`dashboard.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Group gap="sm" align="flex-end">
          <TextInput
            type="datetime-local"
            label={t('dashboard.startTime')}
            value={toLocalInput(range.start)}
            onChange={(e) => setBound('start')(e.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label={t('dashboard.endTime')}
            value={toLocalInput(range.end)}
            onChange={(e) => setBound('end')(e.currentTarget.value)}
          />
          <Button leftSection={<IconRefresh size="1rem" aria-hidden />} onClick={onSync} loading={syncing}>
            {t('dashboard.sync')}
          </Button>
          {customizing && (
            <Button variant="default" onClick={layout.reset}>
              {t('dashboard.layout.reset')}
            </Button>
          )}
          <Button
            variant={customizing ? 'filled' : 'light'}
            leftSection={<IconLayoutGrid size="1rem" aria-hidden />}
            aria-pressed={customizing}
            onClick={() => setCustomizing((on) => !on)}
          >
            {t(customizing ? 'dashboard.layout.done' : 'dashboard.layout.customize')}
          </Button>
        </Group>
      </Group>
      {TABS.map((tab) => (
        <Tabs.Panel key={tab} value={tab}>
          <Grid columns={GRID_COLUMNS} maw={fullWidth ? undefined : 1920}>
            {placed
              .filter(({ widget }) => tabOf(widget) === tab)
              .map(({ widget: w, hidden }) => (
                <Grid.Col key={w.id} span={{ base: GRID_COLUMNS, sm: spanOf(w) * 2, lg: spanOf(w) }}>
                  <WidgetCard
                    widget={w}
                    range={range}
                    customizing={
                      customizing
                        ? {
                            hidden,
                            onMove: (step) =>
                              layout.change(moveWidget(widgets, layout.arrangement, w.id, step, tabOf)),
                            onToggleHidden: () => layout.change(toggleHidden(layout.arrangement, w.id)),
                          }
                        : undefined
                    }
                  />
                </Grid.Col>
              ))}
          </Grid>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
