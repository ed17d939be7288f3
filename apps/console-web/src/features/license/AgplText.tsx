import { Code } from '@mantine/core';
// The full licence text (34 KB) is its own chunk, fetched only when the dialog opens.
import text from './agpl-3.0.txt?raw';

export default function AgplText() {
  return (
    <Code block style={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Code>
  );
}
