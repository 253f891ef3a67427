import { Button, type ButtonProps } from '@mantine/core';
import { notify } from '../lib/notify';
import type { FileInfo } from '@jobportal/shared';
import { describeError } from '../lib/api/api-error';
import { saveBlobUrl, useFetchProtectedFileMutation } from '../lib/api/file-download';
import { DownloadIcon } from './more-icons';

/** Downloads a file served with the bearer token (a resume) under its own name. */
export function FileDownloadButton({ file, label, ...props }: { file: FileInfo; label?: string } & Omit<ButtonProps, 'children'>) {
  const [fetchFile, { isLoading }] = useFetchProtectedFileMutation();
  const download = async () => {
    try {
      const blobUrl = await fetchFile(file.url).unwrap();
      saveBlobUrl(blobUrl, file.name);
    } catch (error) {
      notify({ color: 'red', message: `The file could not be downloaded. ${describeError(error)}` });
    }
  };
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<DownloadIcon size={14} />}
      onClick={() => void download()}
      loading={isLoading}
      {...props}
    >
      {label ?? 'Download resume'}
    </Button>
  );
}
