import { createTheme, localStorageColorSchemeManager, type MantineColorsTuple, Modal } from '@mantine/core';
import { i18n } from '../i18n/index.js';

// Brand ramp (light to dark) — the only raw colours in the app; everything else uses tokens.
const stowage: MantineColorsTuple = [
  '#e6f6f8',
  '#cdeaef',
  '#9dd4de',
  '#68bdcc',
  '#3fa9bd',
  '#269db4',
  '#1397b0',
  '#00839a',
  '#00748a',
  '#006479',
];

export const theme = createTheme({
  primaryColor: 'stowage',
  colors: { stowage },
  // Shade 8 keeps white button text and links at WCAG AA contrast in both schemes.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // The system's reduced-motion setting turns Mantine's transitions off (display.css does the rest).
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    // Mantine's close icon has no name; every dialog's gets one for screen readers.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': i18n.t('common.close') } } }),
  },
});

/** Layout constants. Spec 000 §9: sidebar width 245 open, 115 closed. */
export const layout = {
  sidebarWidthOpen: 245,
  sidebarWidthClosed: 115,
} as const;

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'stowage-color-scheme' });
