import { Anchor, Box, Breadcrumbs, Group, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { LoadingMessage } from '../../components/LoadingMessage.js';
import { bucketAdminPath } from '../buckets/bucketView.js';
import { FolderView } from './FolderView.js';
import { ObjectDetail } from './ObjectDetail.js';
import { browsePath, crumbs, isFolder } from './objectPaths.js';
import { useObjectQuery } from './queries.js';

/**
 * /buckets/{bucket}/browse/{path}: a folder's listing, or the detail view when the path names
 * one object (spec 001 §2, §4 "file mode").
 */
export function ObjectBrowserPage() {
  const { t } = useTranslation();
  const params = useParams();
  const bucket = params.bucketName ?? '';
  const key = params['*'] ?? '';
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Title order={1} size="h2">
          {bucket}
        </Title>
        <Anchor component={Link} to={bucketAdminPath(bucket)} aria-label={t('buckets.manage')}>
          <IconSettings size="1.2rem" aria-hidden />
        </Anchor>
      </Group>
      <Box component="nav" aria-label={t('objects.breadcrumb')} mb="md">
        <Breadcrumbs separatorMargin={4} style={{ flexWrap: 'wrap' }}>
          <Anchor component={Link} to={browsePath(bucket)}>
            {bucket}
          </Anchor>
          {crumbs(key).map((c) => (
            <Anchor key={c.prefix} component={Link} to={browsePath(bucket, c.prefix)}>
              {c.label}
            </Anchor>
          ))}
        </Breadcrumbs>
      </Box>
      {isFolder(key) ? (
        <FolderView bucket={bucket} prefix={key} />
      ) : (
        <ObjectOrFolder bucket={bucket} objectKey={key} />
      )}
    </>
  );
}

/** A path without a trailing slash: the object of that name, else the folder. */
function ObjectOrFolder({ bucket, objectKey }: { bucket: string; objectKey: string }) {
  const object = useObjectQuery(bucket, objectKey);
  if (object.isPending) return <LoadingMessage />;
  if (object.isError) return <ErrorBanner error={object.error} />;
  if (object.data === null) return <Navigate to={browsePath(bucket, `${objectKey}/`)} replace />;
  return <ObjectDetail bucket={bucket} object={object.data} />;
}
