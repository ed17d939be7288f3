import { Box, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseName, previewType } from './objectPaths.js';
import { objectDownloadUrl } from './queries.js';

interface PreviewTarget {
  bucket: string;
  objectKey: string;
  version?: string | undefined;
}

/**
 * Spec 001 §9 preview kinds: images, audio and video in their own elements, text and PDF in a
 * frame. The server sends previews sandboxed, so user content never runs as the console.
 */
export function ObjectPreview({ bucket, objectKey, version }: PreviewTarget) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const type = previewType(objectKey);
  const src = objectDownloadUrl(bucket, objectKey, version, true);
  const name = baseName(objectKey);
  if (failed || !type) return <Text>{t('objectDetail.previewFallback')}</Text>;
  const onError = () => setFailed(true);
  switch (type) {
    case 'image':
      return (
        <Box ta="center">
          <img src={src} alt={name} onError={onError} style={{ maxWidth: '100%', maxHeight: '70vh' }} />
        </Box>
      );
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: user files carry no caption track
      return <audio src={src} controls onError={onError} aria-label={name} style={{ width: '100%' }} />;
    case 'video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: user files carry no caption track
        <video
          src={src}
          controls
          onError={onError}
          aria-label={name}
          style={{ maxWidth: '100%', maxHeight: '70vh' }}
        />
      );
    case 'text':
      return (
        <iframe src={src} title={name} style={{ width: '100%', height: '60vh', border: 0 }}>
          {t('objectDetail.previewFallback')}
        </iframe>
      );
  }
}

/** The Preview modal of the listing's row action. */
export function PreviewDialog({ target, onClose }: { target: PreviewTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? t('objectDetail.previewTitle', { name: baseName(target.objectKey) }) : ''}
      size="xl"
      centered
    >
      {target && <ObjectPreview {...target} />}
    </Modal>
  );
}
