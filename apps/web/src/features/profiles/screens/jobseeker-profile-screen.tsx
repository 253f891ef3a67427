import '../../../components/extra-styles';
import '../../../components/application-styles';
import { useState } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  FileButton,
  Group,
  MultiSelect,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notify } from '../../../lib/notify';
import type { ProfileOut } from '@jobportal/shared';
import { FileDownloadButton } from '../../../components/file-download-button';
import { FormAlert } from '../../../components/form-alert';
import { LoadFailed } from '../../../components/load-failed';
import { FileIcon, UploadIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import type { UploadProgress } from '../../../lib/api/upload';
import { useServerErrors } from '../../../lib/forms/use-server-errors';
import { employmentTypes, experienceLevels } from '@jobportal/shared/vocabulary';
import { useGetOwnProfileQuery, useUpdateProfileMutation } from '../api/profiles-api';
import { formatDate } from '../../../lib/format';
import { AddButton, EducationModal, ExperienceModal, ItemActions, SkillModal, useListEditor } from '../components/list-editors';
import { acceptOf, checkFile, fileLimitOf } from '../../../lib/file-rules';
import { formatBytes } from '../components/profile-files';
import {
  EducationSummary,
  ExperienceSummary,
  SectionCard,
  skillLine,
  type EducationItem,
  type ExperienceItem,
  type SkillItem,
} from '../components/profile-sections';
import classes from './profile-screen.module.css';
import { Completeness, PhotoAvatar, ProfileSkeleton } from '../components/profile-parts';

// A type (not an interface), so it fits the Record the server-errors hook reads.
type ProfileFormValues = {
  full_name: string;
  phone_number: string;
  date_of_birth: string;
  bio: string;
  linkedin_url: string;
  portfolio_url: string;
  current_job_title: string;
  desired_titles: string[];
  locations: string[];
  is_remote_ok: boolean;
  employment_types: string[];
  experience_level: string | null;
  salary_min: number | string;
  educations: EducationItem[];
  work_experience: ExperienceItem[];
  skills: SkillItem[];
};

const strip = <T extends { id: number }>(items: T[]): Omit<T, 'id'>[] => items.map(({ id: _id, ...rest }) => rest);

function valuesOf(profile: ProfileOut): ProfileFormValues {
  return {
    full_name: profile.full_name,
    phone_number: profile.phone_number ?? '',
    date_of_birth: profile.date_of_birth ?? '',
    bio: profile.bio ?? '',
    linkedin_url: profile.linkedin_url ?? '',
    portfolio_url: profile.portfolio_url ?? '',
    current_job_title: profile.current_job_title ?? '',
    desired_titles: profile.job_preferences.desired_titles,
    locations: profile.job_preferences.locations,
    is_remote_ok: profile.job_preferences.is_remote_ok,
    employment_types: profile.job_preferences.employment_types,
    experience_level: profile.job_preferences.experience_level,
    salary_min: profile.job_preferences.salary_min ?? '',
    educations: strip(profile.educations),
    work_experience: strip(profile.work_experience),
    skills: strip(profile.skills),
  };
}

const urlRule = (v: string) =>
  !v.trim() || /^https?:\/\/\S+\.\S+/.test(v.trim()) ? null : 'Enter a full address, like https://example.com.';

function ProfileForm({ profile }: { profile: ProfileOut }) {
  const [update, { isLoading }] = useUpdateProfileMutation();
  const [photo, setPhoto] = useState<File | null>(null);
  const [resume, setResume] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const experienceEditor = useListEditor();
  const educationEditor = useListEditor();
  const skillEditor = useListEditor();

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

  const pickPhoto = (file: File | null) => {
    if (!file) return;
    const problem = checkFile('photo', file);
    setPhotoError(problem);
    setPhoto(problem ? null : file);
  };
  const pickResume = (file: File | null) => {
    if (!file) return;
    const problem = checkFile('resume', file);
    setResumeError(problem);
    setResume(problem ? null : file);
  };

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
      setPhoto(null);
      setResume(null);
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

  const v = form.values;
  const setList = <K extends 'educations' | 'work_experience' | 'skills'>(key: K, items: ProfileFormValues[K]) =>
    form.setValues({ [key]: items } as Partial<ProfileFormValues>);
  const upsert = <T,>(items: T[], editing: number | 'new' | null, item: T) =>
    editing === 'new' || editing === null ? [...items, item] : items.map((old, index) => (index === editing ? item : old));
  const hasChanges = form.isDirty() || Boolean(photo) || Boolean(resume);
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : null;

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="lg">
        <SectionCard title="Photo and resume">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <PhotoAvatar profile={profile} pending={photo} name={v.full_name} />
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

        <SectionCard title="Work experience" actions={<AddButton label="Add experience" onClick={experienceEditor.openNew} />}>
          {v.work_experience.length === 0 ? (
            <Text size="sm" c="dimmed">
              No experience added. Add your jobs, newest first: employers read this first.
            </Text>
          ) : (
            <Stack gap="sm">
              {v.work_experience.map((item, index) => (
                <Group key={`${item.job_title}-${index}`} justify="space-between" align="flex-start" wrap="nowrap" className={classes.item}>
                  <ExperienceSummary item={item} />
                  <ItemActions
                    name={`${item.job_title} at ${item.company_name}`}
                    onEdit={() => experienceEditor.openAt(index)}
                    onRemove={() =>
                      setList(
                        'work_experience',
                        v.work_experience.filter((_, i) => i !== index),
                      )
                    }
                  />
                </Group>
              ))}
            </Stack>
          )}
        </SectionCard>

        <SectionCard title="Education" actions={<AddButton label="Add education" onClick={educationEditor.openNew} />}>
          {v.educations.length === 0 ? (
            <Text size="sm" c="dimmed">
              No education added.
            </Text>
          ) : (
            <Stack gap="sm">
              {v.educations.map((item, index) => (
                <Group
                  key={`${item.institution}-${index}`}
                  justify="space-between"
                  align="flex-start"
                  wrap="nowrap"
                  className={classes.item}
                >
                  <EducationSummary item={item} />
                  <ItemActions
                    name={`${item.degree_type} at ${item.institution}`}
                    onEdit={() => educationEditor.openAt(index)}
                    onRemove={() =>
                      setList(
                        'educations',
                        v.educations.filter((_, i) => i !== index),
                      )
                    }
                  />
                </Group>
              ))}
            </Stack>
          )}
        </SectionCard>

        <SectionCard title="Skills" actions={<AddButton label="Add skill" onClick={skillEditor.openNew} />}>
          {v.skills.length === 0 ? (
            <Text size="sm" c="dimmed">
              No skills added. Skills drive your matching jobs.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {v.skills.map((skill, index) => (
                <Group key={`${skill.skill_name}-${index}`} justify="space-between" wrap="nowrap" className={classes.item}>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {skill.skill_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {skillLine(skill)}
                    </Text>
                  </Stack>
                  <ItemActions
                    name={skill.skill_name}
                    onEdit={() => skillEditor.openAt(index)}
                    onRemove={() =>
                      setList(
                        'skills',
                        v.skills.filter((_, i) => i !== index),
                      )
                    }
                  />
                </Group>
              ))}
            </SimpleGrid>
          )}
        </SectionCard>

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

      <ExperienceModal
        opened={experienceEditor.editing !== null}
        initial={typeof experienceEditor.editing === 'number' ? (v.work_experience[experienceEditor.editing] ?? null) : null}
        onClose={experienceEditor.close}
        onSave={(item) => {
          setList('work_experience', upsert(v.work_experience, experienceEditor.editing, item));
          experienceEditor.close();
        }}
      />
      <EducationModal
        opened={educationEditor.editing !== null}
        initial={typeof educationEditor.editing === 'number' ? (v.educations[educationEditor.editing] ?? null) : null}
        onClose={educationEditor.close}
        onSave={(item) => {
          setList('educations', upsert(v.educations, educationEditor.editing, item));
          educationEditor.close();
        }}
      />
      <SkillModal
        opened={skillEditor.editing !== null}
        initial={typeof skillEditor.editing === 'number' ? (v.skills[skillEditor.editing] ?? null) : null}
        onClose={skillEditor.close}
        onSave={(item) => {
          setList('skills', upsert(v.skills, skillEditor.editing, item));
          skillEditor.close();
        }}
      />
    </form>
  );
}

/** `#/jobseekerprofile` (job seeker): the whole profile, one save. */
export function JobseekerProfileScreen() {
  usePageTitle('Your profile');
  const { data: profile, error, isLoading, refetch } = useGetOwnProfileQuery();
  return (
    <Page size="md">
      <PageHeader title="Your profile" description="What employers see when you apply." />
      {isLoading ? (
        <ProfileSkeleton />
      ) : !profile ? (
        <LoadFailed title="Your profile could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : (
        <Stack gap="lg">
          <Completeness profile={profile} />
          <ProfileForm profile={profile} />
          <Text size="xs" c="dimmed" ta="center">
            Employers you apply to can see your profile.{' '}
            <Anchor href="#/jobseekerapplications" size="xs" underline="always">
              Your applications
            </Anchor>
          </Text>
        </Stack>
      )}
    </Page>
  );
}
