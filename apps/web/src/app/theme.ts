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
  },
});

/**
 * Mantine's default dimmed text (gray.6 on white, 3.3:1; dark.2 on dark.7, 4.0:1) fails WCAG AA
 * for body text; these pass (5.1:1 on gray.0, 6.2:1 on dark.7).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#646b73' },
  dark: { '--mantine-color-dimmed': '#a3a3a3' },
});
