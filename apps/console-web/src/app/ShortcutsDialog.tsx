import { Group, Kbd, Modal, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { setDisplay, useDisplay } from '../theme/display.js';
import { SHORTCUTS, type ShortcutArea } from './shortcuts.js';
import { closeShortcutsHelp } from './shortcutsHelp.js';

const AREAS: readonly ShortcutArea[] = ['global', 'navigation', 'tables', 'dialogs'];

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Drawn while open (shortcutsHelp.ts). Every shortcut by area (from shortcuts.ts), and the display settings: high contrast, reduced motion. */
export function ShortcutsDialog() {
  const { t } = useTranslation();
  const display = useDisplay();
  const keyLabel = (key: string) => (key === 'Mod' ? (isMac() ? '⌘' : 'Ctrl') : key);
  return (
    <Modal opened onClose={closeShortcutsHelp} title={t('shortcuts.title')} size="xl">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {AREAS.map((area) => (
          <Stack key={area} gap="xs">
            <Title order={2} size="h5">
              {t(`shortcuts.areas.${area}`)}
            </Title>
            <Table>
              <Table.Tbody>
                {SHORTCUTS.filter((s) => s.area === area).map((s) => (
                  <Table.Tr key={s.action}>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {s.keys.map((key, i) => (
                          <Fragment key={key}>
                            {i > 0 && (
                              <Text span size="xs">
                                {s.chord ? t('shortcuts.chordThen') : '+'}
                              </Text>
                            )}
                            <Kbd>{keyLabel(key)}</Kbd>
                          </Fragment>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{t(`shortcuts.actions.${s.action}` as 'shortcuts.actions.help')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
      </SimpleGrid>
      <Title order={2} size="h5" mt="lg" mb="xs">
        {t('shortcuts.display')}
      </Title>
      <Stack gap="sm">
        <Switch
          label={t('shortcuts.highContrast')}
          description={t('shortcuts.highContrastHint')}
          checked={display.contrast === 'high'}
          onChange={(e) => setDisplay({ contrast: e.currentTarget.checked ? 'high' : 'normal' })}
        />
        <Switch
          label={t('shortcuts.reduceMotion')}
          description={t('shortcuts.reduceMotionHint')}
          checked={display.motion === 'reduce'}
          onChange={(e) => setDisplay({ motion: e.currentTarget.checked ? 'reduce' : 'normal' })}
        />
      </Stack>
    </Modal>
  );
}
