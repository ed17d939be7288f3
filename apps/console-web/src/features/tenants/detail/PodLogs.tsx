import { Box, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Fragment, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { Loading } from '../../../components/Loading.js';
import { SearchBox } from '../../../components/SearchBox.js';
import { tokens } from '../../../theme/tokens.js';
import { saveFile } from '../../../utils/saveFile.js';
import { type TenantRef, useTenantPodLogQuery } from './queries.js';

/** How often Follow asks for the log again. */
export const FOLLOW_INTERVAL_MS = 2_000;

/** `text` with each case-insensitive occurrence of `needle` marked. */
function Highlighted({ text, needle }: { text: string; needle: string }) {
  if (!needle) return text;
  const parts: ReactNode[] = [];
  const lower = text.toLowerCase();
  const wanted = needle.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(wanted); at !== -1; at = lower.indexOf(wanted, from)) {
    parts.push(
      <Fragment key={at}>
        {text.slice(from, at)}
        <mark style={{ background: tokens.color['mark-bg'], color: tokens.color['mark-text'] }}>
          {text.slice(at, at + needle.length)}
        </mark>
      </Fragment>,
    );
    from = at + needle.length;
  }
  parts.push(text.slice(from));
  return parts;
}

/**
 * Spec 002 §2.4 pod Logs, shown by lines. Follow re-polls the log and keeps the view at its
 * end; the search keeps the lines that contain it; Download saves the whole log as text.
 */
export function PodLogs({
  tenant,
  pod,
  followIntervalMs = FOLLOW_INTERVAL_MS,
}: {
  tenant: TenantRef;
  pod: string;
  followIntervalMs?: number;
}) {
  const { t } = useTranslation();
  const [follow, setFollow] = useState(false);
  const [search, setSearch] = useState('');
  const log = useTenantPodLogQuery(tenant, pod, follow ? followIntervalMs : false);
  const lines = useMemo(() => (log.data ? log.data.replace(/\n$/, '').split('\n') : []), [log.data]);
  const shown = useMemo(() => {
    const numbered = lines.map((text, index) => ({ text, number: index + 1 }));
    const needle = search.toLowerCase();
    return needle ? numbered.filter((line) => line.text.toLowerCase().includes(needle)) : numbered;
  }, [lines, search]);
  const viewport = useRef<HTMLDivElement>(null);

  // Following keeps the newest line in view each time the log grows.
  useEffect(() => {
    const node = viewport.current;
    if (follow && node && shown.length > 0) node.scrollTop = node.scrollHeight;
  }, [follow, shown]);

  return (
    <Stack>
      <Group justify="space-between">
        <Group>
          <SearchBox label={t('tenantTabs.pod.searchLog')} value={search} onChange={setSearch} />
          {search && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('tenantTabs.pod.matches', { count: shown.length })}
            </Text>
          )}
        </Group>
        <Group>
          <Switch
            label={t('tenantTabs.pod.follow')}
            checked={follow}
            onChange={(event) => setFollow(event.currentTarget.checked)}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size="1rem" aria-hidden />}
            disabled={log.data === undefined}
            onClick={() => saveFile(`${pod}.log`, log.data ?? '', 'text/plain')}
          >
            {t('tenantTabs.pod.download')}
          </Button>
        </Group>
      </Group>
      <ErrorBanner error={log.error} />
      {log.isPending ? (
        <Loading />
      ) : (
        <Box
          ref={viewport}
          role="log"
          aria-label={t('tenantTabs.pod.logRegion', { name: pod })}
          tabIndex={0}
          data-testid="pod-log"
          style={{
            maxHeight: '60vh',
            overflow: 'auto',
            fontFamily: 'var(--mantine-font-family-monospace)',
            fontSize: 'var(--mantine-font-size-xs)',
            background: tokens.color['bg-canvas'],
            border: `1px solid ${tokens.color.border}`,
            borderRadius: 'var(--mantine-radius-sm)',
            padding: 'var(--mantine-spacing-xs)',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
          }}
        >
          {lines.length === 0 && <Text c="dimmed">{t('tenantTabs.pod.emptyLog')}</Text>}
          {shown.map((line) => (
            <div key={line.number} data-line={line.number}>
              <Highlighted text={line.text} needle={search} />
            </div>
          ))}
        </Box>
      )}
    </Stack>
  );
}
