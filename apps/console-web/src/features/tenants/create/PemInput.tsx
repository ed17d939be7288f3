import { FileInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PemFile } from './wizardState.js';

export const CERT_ACCEPT = '.cer,.crt,.cert,.pem';
export const KEY_ACCEPT = '.key,.pem';

/** Base64 of the file's bytes, as the create request carries PEM files (spec §7.1). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    // FileReader rather than Blob.arrayBuffer(): it is what every browser (and jsdom) has.
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A certificate or key file input (spec §5 "Certificate files": the accepted extensions). */
export function PemInput({
  label,
  value,
  onChange,
  accept,
  error,
}: {
  label: string;
  value: PemFile | undefined;
  onChange: (file: PemFile | undefined) => void;
  accept: string;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [unreadable, setUnreadable] = useState(false);
  // The File object itself is not kept: a placeholder of the same name shows the choice.
  const shown = value ? new File([], value.name) : null;
  return (
    <FileInput
      label={label}
      accept={accept}
      value={shown}
      clearable
      description={accept}
      error={unreadable ? t('tenantWizard.security.unreadable') : error}
      onChange={(file) => {
        setUnreadable(false);
        if (!file) return onChange(undefined);
        readBase64(file).then(
          (encoded) => onChange({ name: file.name, encoded }),
          () => {
            setUnreadable(true);
            onChange(undefined);
          },
        );
      }}
    />
  );
}
