import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { ShareLink } from '@stowage/contract';
import { IconCopy, IconLinkOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../components/Can.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { PageHeader } from '../../components/PageHeader.js';
import { QueryState } from '../../components/QueryState.js';
import { showSnackbar } from '../../components/snackbar.js';
import { useConfirmedDelete } from '../../components/useConfirmedDelete.js';
import { tokens } from '../../theme/tokens.js';
import { formatBytes, formatDateTime } from '../../utils/format.js';
import { type LinkState, linkState } from './linkState.js';
import { SHARE_LINKS_PAGE, useRevokeShareLink, useShareLinksQuery } from './queries.js';

const STATE_COLOR: Record<LinkState, string> = {
  active: tokens.color.success,
  revoked: tokens.color.danger,
  expired: tokens.color['text-muted'],
  exhausted: tokens.color.warning,
};

const targetOf = (link: ShareLink) => `${link.bucket}/${link.path}`;

/** Share links (issue 41): every recorded link, its state, and revoke. */
export function ShareLinksPage() {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const links = useShareLinksQuery(offset);
  const revoke = useConfirmedDelete({
    title: t('shareLinks.revokeTitle'),
    message: (l: ShareLink) => t('shareLinks.revokeMessage', { target: targetOf(l) }),
    confirmLabel: t('shareLinks.revokeConfirm'),
    mutation: useRevokeShareLink(),
    onDeleted: () => showSnackbar(t('shareLinks.revoked')),
  });
  const now = links.dataUpdatedAt || Date.now();

  const columns = useMemo<Column<ShareLink>[]>(
    () => [
      { header: t('shareLinks.kind'), width: '9rem', cell: (l) => t(`shareLinks.kinds.${l.kind}`) },
      { header: t('shareLinks.target'), width: 'minmax(12rem, 2fr)', cell: (l) => targetOf(l) },
      { header: t('shareLinks.creator'), cell: (l) => l.creator },
      { header: t('shareLinks.created'), optional: true, cell: (l) => formatDateTime(l.created) },
      { header: t('shareLinks.expires'), cell: (l) => formatDateTime(l.expires) },
      {
        header: t('shareLinks.downloads'),
        cell: (l) =>
          l.kind === 'drop'
            ? t('shareLinks.sizeLimit', { size: formatBytes(l.size_limit ?? 0) })
            : l.download_limit === undefined
              ? String(l.download_count)
              : t('shareLinks.downloadsOf', { count: l.download_count, limit: String(l.download_limit) }),
      },
      {
        header: t('shareLinks.state'),
        width: '8rem',
        cell: (l) => {
          const state = linkState(l, now);
          return (
            <Badge variant="outline" color={STATE_COLOR[state]}>
              {t(`shareLinks.states.${state}`)}
            </Badge>
          );
        },
      },
    ],
    [t, now],
  );

  const copy = async (url: string) => {
    await navigator.clipboard.writeText(url);
    showSnackbar(t('shareLinks.copied'));
  };

  return (
    <>
      <PageHeader title={t('pages.shareLinks')} />
      <QueryState query={links}>
        {(data) => (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('shareLinks.intro')} {data.all_users && t('shareLinks.introAll')}
            </Text>
            <DataTable
              label={t('shareLinks.table')}
              rows={data.links}
              rowKey={(l) => l.id}
              columns={columns}
              columnChooser
              empty={t('shareLinks.empty')}
              actionsHeader={t('common.actions')}
              actions={(l) => (
                <Group gap={4} wrap="nowrap">
                  {l.url && (
                    <Tooltip label={t('shareLinks.copy', { target: targetOf(l) })}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('shareLinks.copy', { target: targetOf(l) })}
                        onClick={() => void copy(l.url ?? '')}
                      >
                        <IconCopy size="1rem" aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Can page="/share-links">
                    <Tooltip label={t('shareLinks.revoke', { target: targetOf(l) })}>
                      <ActionIcon
                        variant="subtle"
                        color={tokens.color.danger}
                        aria-label={t('shareLinks.revoke', { target: targetOf(l) })}
                        disabled={l.revoked !== undefined}
                        onClick={() => revoke.ask(l)}
                      >
                        <IconLinkOff size="1rem" aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Can>
                </Group>
              )}
            />
            {data.total > SHARE_LINKS_PAGE && (
              <Group justify="flex-end" gap="sm">
                <Text size="sm">
                  {t('shareLinks.pageOf', {
                    from: String(offset + 1),
                    to: String(Math.min(offset + SHARE_LINKS_PAGE, data.total)),
                    total: String(data.total),
                  })}
                </Text>
                <Button
                  variant="default"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - SHARE_LINKS_PAGE))}
                >
                  {t('shareLinks.previous')}
                </Button>
                <Button
                  variant="default"
                  disabled={offset + SHARE_LINKS_PAGE >= data.total}
                  onClick={() => setOffset(offset + SHARE_LINKS_PAGE)}
                >
                  {t('shareLinks.next')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </QueryState>
      {revoke.dialog}
    </>
  );
}
