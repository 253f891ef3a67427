import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** Calm and quiet: one accent (indigo, shade 7 so white text passes WCAG AA), soft radii. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '650',
  },
  focusRing: 'auto',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // A dialog's or drawer's × button says what it does (a screen may name it more precisely).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // The arrow buttons and page numbers get names a screen reader can say (by key: importing
    // Pagination here would put it in every screen's first load).
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({ 'aria-label': `${control} page` }),
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
      },
    },
  },
});

/**
 * Mantine's light variant (badges, light buttons, alerts) sets shade 9 on shade 1; for these
 * colours that is under WCAG AA's 4.5:1 for small text (green 3.8:1, orange 3.6:1, yellow 2.7:1).
 * Shade 9 darkened until it passes on shade 1 and on the hover shade 2 (5.0-6.0:1 and 4.6:1 up).
 */
const lightVariantText = {
  red: '#ad2424',
  violet: '#5939b8',
  indigo: '#3249b7',
  blue: '#165a9a',
  cyan: '#0a697a',
  teal: '#077050',
  green: '#237133',
  lime: '#48730a',
  yellow: '#a15300',
  orange: '#a9380c',
} as const;

/**
 * Mantine's default dimmed text (gray.6 on white, 3.3:1; dark.2 on dark.7, 4.0:1) fails WCAG AA
 * for body text; these pass (5.1:1 on gray.0, 6.2:1 on dark.7).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#646b73',
    ...Object.fromEntries(Object.entries(lightVariantText).map(([color, text]) => [`--mantine-color-${color}-light-color`, text])),
  },
  dark: { '--mantine-color-dimmed': '#a3a3a3' },
});
