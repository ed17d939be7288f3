import { useState } from 'react';

/**
 * A chosen JSON key file, read as text for the request body (the API base64-encodes it for the
 * storage server). Clearing the choice clears the text.
 */
export function useKeyFile(onText: (text: string) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setUnreadable(false);
    if (!chosen) {
      onText('');
      return;
    }
    // FileReader rather than Blob.text(): it is what every browser (and jsdom) has.
    const reader = new FileReader();
    reader.onload = () => onText(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => {
      setUnreadable(true);
      onText('');
    };
    reader.readAsText(chosen);
  };
  return { file, unreadable, choose, clear: () => choose(null) };
}
