import { ActionIcon, Button, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { MoonIcon, SunIcon } from './icons';

function useColorSchemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = current === 'dark' ? 'light' : 'dark';
  return { next, switchScheme: () => setColorScheme(next) };
}

export function ColorSchemeToggle() {
  const { next, switchScheme } = useColorSchemeSwitch();
  return (
    <ActionIcon variant="default" size="lg" onClick={switchScheme} aria-label={`Switch to ${next} mode`} title={`Switch to ${next} mode`}>
      {next === 'dark' ? <MoonIcon /> : <SunIcon />}
    </ActionIcon>
  );
}

/** The same switch as a full-width button, for the phone menu. */
export function ColorSchemeButton() {
  const { next, switchScheme } = useColorSchemeSwitch();
  return (
    <Button
      variant="default"
      justify="flex-start"
      fullWidth
      onClick={switchScheme}
      leftSection={next === 'dark' ? <MoonIcon /> : <SunIcon />}
    >
      {next === 'dark' ? 'Dark mode' : 'Light mode'}
    </Button>
  );
}
