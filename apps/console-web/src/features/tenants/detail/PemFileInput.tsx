import { FileInput } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useState } from 'react';

/** Spec 002 §9: the extensions a certificate or a key file may have. */
export const CERT_EXTENSIONS = '.cer,.crt,.cert,.pem';
export const KEY_EXTENSIONS = '.key,.pem';

/**
 * A PEM file input whose value is the file's base64 (as the API takes certificates and keys);
 * '' until a file is read, and again when the choice is cleared.
 */
export function PemFileInput({
  label,
  accept,
  disabled,
  onEncoded,
}: {
  label: string;
  accept: string;
  disabled?: boolean;
  onEncoded: (base64: string, fileName: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) {
      onEncoded('', '');
      return;
    }
    // A data URL is the file's base64 behind a `data:…;base64,` header.
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      onEncoded(url.slice(url.indexOf(',') + 1), chosen.name);
    };
    reader.onerror = () => onEncoded('', '');
    reader.readAsDataURL(chosen);
  };
  return (
    <FileInput
      label={label}
      accept={accept}
      value={file}
      onChange={choose}
      clearable
      disabled={disabled}
      leftSection={<IconFileCertificate size="1rem" aria-hidden />}
      miw="14rem"
    />
  );
}
