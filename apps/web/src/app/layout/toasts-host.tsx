import { Notifications } from '@mantine/notifications';

export default function ToastsHost() {
  return <Notifications position="bottom-right" limit={3} />;
}
