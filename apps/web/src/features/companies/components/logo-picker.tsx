import { useEffect, useState } from 'react';
import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { CompanyLogo } from '../../../components/company-logo';
import { BuildingIcon } from '../../../components/more-icons';
import { initialsOf } from '../../../components/initials';
import { acceptOf, fileLimitOf } from '../../../lib/file-rules';

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

interface LogoPickerProps {
  companyName: string;
  /** The saved logo's address, if any. */
  logo: string | null;
  isPublic: boolean;
  /** A file chosen but not uploaded yet (a company not submitted yet): previewed from the browser. */
  pendingFile: File | null;
  onPick: (file: File) => void;
  isUploading?: boolean;
  error?: string | null;
}

/** Logo with a preview, the rules, and the server's answer (413 too large, 415 wrong type) in plain words. */
export function LogoPicker({ companyName, logo, isPublic, pendingFile, onPick, isUploading, error }: LogoPickerProps) {
  const previewUrl = useObjectUrl(pendingFile);
  const hasLogo = Boolean(previewUrl ?? logo);
  return (
    <Stack gap={6}>
      <Input.Label component="div" id="company-logo-label">
        Logo
      </Input.Label>
      <Group gap="md" wrap="nowrap" align="center">
        {previewUrl ? (
          <Avatar src={previewUrl} size={72} radius="md" alt="Logo preview">
            {initialsOf(companyName)}
          </Avatar>
        ) : logo || companyName.trim() ? (
          <CompanyLogo name={companyName} logo={logo} isPublic={isPublic} size={72} />
        ) : (
          <Avatar size={72} radius="md" color="indigo" variant="light" alt="">
            <BuildingIcon size={30} />
          </Avatar>
        )}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <FileButton onChange={(file) => file && onPick(file)} accept={acceptOf('logo')}>
            {(props) => (
              <Button {...props} variant="default" size="sm" loading={isUploading} w="fit-content" aria-describedby="company-logo-help">
                {hasLogo ? 'Change logo' : 'Choose a logo'}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed" id="company-logo-help">
            JPEG, PNG or WebP, up to {fileLimitOf('logo')}. A square image looks best.
          </Text>
        </Stack>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
