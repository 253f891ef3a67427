import { AboutSection, PhotoAndResumeSection, WishesSection, usePickedFiles } from './profile-form-sections';
import { EducationSection, ExperienceSection, SkillsSection } from './profile-list-sections';
import { urlRule, valuesOf, type ProfileFormValues } from './profile-form-values';
import { useState } from 'react';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notify } from '../../../lib/notify';
import type { ProfileOut } from '@jobportal/shared';
import { FormAlert } from '../../../components/form-alert';
import type { UploadProgress } from '../../../lib/api/upload';
import { useServerErrors } from '../../../lib/forms/use-server-errors';
import { useUpdateProfileMutation } from '../api/profiles-api';
import { fileLimitOf } from '../../../lib/file-rules';
import classes from '../screens/profile-screen.module.css';

export function ProfileForm({ profile }: { profile: ProfileOut }) {
  const [update, { isLoading }] = useUpdateProfileMutation();
  const files = usePickedFiles();
  const { photo, resume } = files;
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const form = useForm<ProfileFormValues>({
    initialValues: valuesOf(profile),
    validate: {
      full_name: (v) => (v.trim() ? null : 'Enter your name.'),
      phone_number: (v) => (!v.trim() || /^\+?[0-9 ()-]{6,20}$/.test(v.trim()) ? null : 'Enter a phone number, like +49 30 1234567.'),
      date_of_birth: (v) => (v && v > new Date().toISOString().slice(0, 10) ? 'The date cannot be in the future.' : null),
      linkedin_url: urlRule,
      portfolio_url: urlRule,
    },
  });
  const { formError, showError, clearError } = useServerErrors(form);

  const submit = async (v: ProfileFormValues) => {
    clearError();
    setProgress(null);
    try {
      await update({
        write: {
          fields: {
            full_name: v.full_name.trim(),
            phone_number: v.phone_number.trim() || null,
            date_of_birth: v.date_of_birth || null,
            bio: v.bio.trim() || null,
            linkedin_url: v.linkedin_url.trim() || null,
            portfolio_url: v.portfolio_url.trim() || null,
            current_job_title: v.current_job_title.trim() || null,
          },
          job_preferences: {
            desired_titles: v.desired_titles,
            locations: v.locations,
            is_remote_ok: v.is_remote_ok,
            employment_types: v.employment_types,
            experience_level: v.experience_level || null,
            salary_min: v.salary_min === '' ? null : Number(v.salary_min),
          },
          educations: v.educations,
          work_experience: v.work_experience,
          skills: v.skills,
          profile_photo: photo,
          resume,
        },
        onProgress: setProgress,
      }).unwrap();
      files.clear();
      form.resetDirty();
      notify({ color: 'teal', message: 'Profile saved.' });
    } catch (error) {
      const status = (error as { status?: number } | undefined)?.status;
      if (status === 413)
        showError({
          ...(error as object),
          code: 'too_large',
          detail: `A file is too large: photos up to ${fileLimitOf('photo')}, resumes up to ${fileLimitOf('resume')}.`,
          fields: {},
        });
      else if (status === 415)
        showError({
          ...(error as object),
          code: 'bad_type',
          detail: 'A file type is not accepted: photos as JPEG, PNG or WebP, resumes as PDF or DOCX.',
          fields: {},
        });
      else showError(error);
    } finally {
      setProgress(null);
    }
  };

  const hasChanges = form.isDirty() || Boolean(photo) || Boolean(resume);
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : null;

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="lg">
        <PhotoAndResumeSection profile={profile} files={files} name={form.values.full_name} />

        <AboutSection form={form} />

        <WishesSection form={form} />

        <ExperienceSection form={form} />

        <EducationSection form={form} />

        <SkillsSection form={form} />

        <div className={classes.saveBar}>
          <Stack gap="xs">
            <FormAlert>{formError}</FormAlert>
            {isLoading && percent !== null && <Progress value={percent} size="sm" animated aria-label={`Uploading: ${percent}%`} />}
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {isLoading && percent !== null ? `Uploading… ${percent}%` : hasChanges ? 'You have unsaved changes.' : 'All changes saved.'}
              </Text>
              <Button type="submit" loading={isLoading} disabled={!hasChanges}>
                Save profile
              </Button>
            </Group>
          </Stack>
        </div>
      </Stack>
    </form>
  );
}
