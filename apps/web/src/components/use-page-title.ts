import { useDocumentTitle } from '@mantine/hooks';
import { useProductName } from '../lib/config/public-config';
import { withTitleCount } from '../lib/title-count';

/** "Sign in · Hireloop": the browser tab and history say which screen this is (with the unread count first). */
export function usePageTitle(title: string) {
  const productName = useProductName();
  useDocumentTitle(withTitleCount(title ? `${title} · ${productName}` : productName));
}
