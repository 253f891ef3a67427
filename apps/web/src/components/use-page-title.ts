import { useDocumentTitle } from '@mantine/hooks';
import { useProductName } from '../lib/config/public-config';

/** "Sign in · Hireloop": the browser tab and history say which screen this is. */
export function usePageTitle(title: string) {
  const productName = useProductName();
  useDocumentTitle(title ? `${title} · ${productName}` : productName);
}
