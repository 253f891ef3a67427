// Mantine styles of the components that only the job, company and admin screens use (drawers,
// modals, selects, switches…). Imported by those screens, so the CSS arrives with their lazy
// chunks and the sign-in screens' first load stays as it was (see src/app/styles.ts for the rest).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Fieldset.css';
