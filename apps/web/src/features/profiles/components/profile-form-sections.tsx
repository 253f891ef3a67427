import { type ProfileFormValues } from './profile-form-values';
import {
  Button,
  Checkbox,
  FileButton,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { FileDownloadButton } from '../../../components/file-download-button';
import { FileIcon, UploadIcon } from '../../../components/more-icons';
import { employmentTypes, experienceLevels } from '@jobportal/shared/vocabulary';
import { formatDate } from '../../../lib/format';
import { acceptOf, checkFile, fileLimitOf } from '../../../lib/file-rules';
import { formatBytes } from './profile-files';
import { SectionCard } from './profile-sections';
import classes from '../screens/profile-screen.module.css';
import { PhotoAvatar } from './profile-parts';
import { useState } from 'react';
import type { ProfileOut } from '@jobportal/shared';
import type { UseFormReturnType } from '@mantine/form';

type ProfileForm = UseFormReturnType<ProfileFormValues>;

/** The photo and resume picked but not yet saved, and why a pick was refused. */
export function usePickedFiles() {
  const [photo, setPhoto] = useState<File | null>(null);
  const [resume, setResume] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [resumeError, setResumeError] = useState<string | null>(null);
  return {
    photo,
    resume,
    photoError,
    resumeError,
    pickPhoto: (file: File | null) => {
      if (!file) return;
      const problem = checkFile('photo', file);
      setPhotoError(problem);
      setPhoto(problem ? null : file);
    },
    pickResume: (file: File | null) => {
      if (!file) return;
      const problem = checkFile('resume', file);
      setResumeError(problem);
      setResume(problem ? null : file);
    },
    clear: () => {
      setPhoto(null);
      setResume(null);
    },
  };
}

export function PhotoAndResumeSection({
  profile,
  files,
  name,
}: {
  profile: ProfileOut;
  files: ReturnType<typeof usePickedFiles>;
  name: string;
}) {
  const { photo, resume, photoError, resumeError, pickPhoto, pickResume } = files;
  return (
    <SectionCard title="Photo and resume">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <PhotoAvatar profile={profile} pending={photo} name={name} />
          <Stack gap={6}>
            <FileButton onChange={pickPhoto} accept={acceptOf('photo')}>
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<UploadIcon size={14} />}>
                  {profile.profile_photo || photo ? 'Change photo' : 'Add a photo'}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {photo
                ? `${photo.name} (${formatBytes(photo.size)}), saved with the profile`
                : `JPEG, PNG or WebP, up to ${fileLimitOf('photo')}.`}
            </Text>
            {photoError && (
              <Text size="xs" c="red" role="alert">
                {photoError}
              </Text>
            )}
          </Stack>
        </Group>
        <Stack gap={6}>
          <Group gap="xs" wrap="nowrap">
            <FileIcon size={20} />
            <Text size="sm" fw={500} className={classes.fileName}>
              {resume ? resume.name : profile.resume ? profile.resume.name : 'No resume yet'}
            </Text>
          </Group>
          <Group gap="xs">
            <FileButton onChange={pickResume} accept={acceptOf('resume')}>
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<UploadIcon size={14} />}>
                  {profile.resume || resume ? 'Replace resume' : 'Upload resume'}
                </Button>
              )}
            </FileButton>
            {profile.resume && !resume && <FileDownloadButton file={profile.resume} label="Download" />}
          </Group>
          <Text size="xs" c="dimmed">
            {resume
              ? `${formatBytes(resume.size)}, saved with the profile`
              : profile.resume
                ? `${formatBytes(profile.resume.size)} · uploaded ${formatDate(profile.resume.uploaded_at)}`
                : `PDF or DOCX, up to ${fileLimitOf('resume')}. Used when you apply.`}
          </Text>
          {resumeError && (
            <Text size="xs" c="red" role="alert">
              {resumeError}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </SectionCard>
  );
}

export function AboutSection({ form }: { form: ProfileForm }) {
  const v = form.values;
  return (
    <SectionCard title="About you">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Full name" withAsterisk autoComplete="name" {...form.getInputProps('full_name')} />
          <TextInput label="Current job title" {...form.getInputProps('current_job_title')} />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phone_number')} />
          <TextInput label="Date of birth" type="date" {...form.getInputProps('date_of_birth')} />
          <TextInput label="LinkedIn" placeholder="https://linkedin.com/in/…" {...form.getInputProps('linkedin_url')} />
          <TextInput label="Portfolio" placeholder="https://…" {...form.getInputProps('portfolio_url')} />
        </SimpleGrid>
        <Textarea
          label="About"
          description={`${v.bio.length.toLocaleString()} / 2,000 characters`}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={2000}
          {...form.getInputProps('bio')}
        />
      </Stack>
    </SectionCard>
  );
}

export function WishesSection({ form }: { form: ProfileForm }) {
  return (
    <SectionCard title="What you are looking for">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TagsInput
            label="Desired job titles"
            description="Press Enter after each"
            maxTags={10}
            {...form.getInputProps('desired_titles')}
          />
          <TagsInput label="Locations" description="Press Enter after each" maxTags={10} {...form.getInputProps('locations')} />
          <MultiSelect label="Employment types" data={employmentTypes} {...form.getInputProps('employment_types')} />
          <Select label="Level" data={experienceLevels} clearable {...form.getInputProps('experience_level')} />
          <NumberInput
            label="Minimum yearly pay"
            min={0}
            max={10_000_000}
            step={1000}
            thousandSeparator=","
            {...form.getInputProps('salary_min')}
          />
        </SimpleGrid>
        <Checkbox label="Open to remote work" {...form.getInputProps('is_remote_ok', { type: 'checkbox' })} />
      </Stack>
    </SectionCard>
  );
}
