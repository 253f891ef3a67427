import { Notifications } from '@mantine/notifications';
import { confirmationMs } from '../../lib/notify';
import classes from './toasts-host.module.css';

/**
 * Toasts at the top centre, just under the sticky header: there they cover neither the header's
 * buttons nor the actions pages keep at the bottom right (a drawer's "Post job", the phone's
 * apply bar) or beside their titles. How long each stays: lib/notify.ts.
 */
export default function ToastsHost() {
  return (
    <Notifications position="top-center" limit={3} autoClose={confirmationMs} containerWidth={420} classNames={{ root: classes.root }} />
  );
}
