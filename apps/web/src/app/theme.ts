import { createTheme } from '@mantine/core';

/**
 * Calm and quiet: one accent (indigo, shade 7 so white text passes WCAG AA), soft radii. The
 * contrast fixes of Mantine's colours are plain CSS variables in global.css.
 */
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
