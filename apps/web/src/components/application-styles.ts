// Mantine styles of components only the profile, applications and dashboard screens use.
// Imported by those screens, so the CSS arrives with their lazy chunks.
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Timeline.css';
