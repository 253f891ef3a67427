import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Modal, NumberInput, Select, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../components/more-icons';
import { degreeTypes, proficiencyLevels, skillTypes } from '@jobportal/shared/vocabulary';
import type { EducationItem, ExperienceItem, SkillItem } from './profile-sections';

const dateRe = /^\d{4}-\d{2}-\d{2}$/;
const endAfterStart = (start: string | null, end: string | null) =>
  start && end && end < start ? 'The end date cannot be before the start date.' : null;

interface EditorProps<T> {
  opened: boolean;
  initial: T | null;
  onClose: () => void;
  onSave: (item: T) => void;
}

function ModalButtons({ onClose, isNew }: { onClose: () => void; isNew: boolean }) {
  return (
    <Group justify="flex-end" gap="sm" mt="md">
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit">{isNew ? 'Add' : 'Done'}</Button>
    </Group>
  );
}

const emptyExperience: ExperienceItem = {
  job_title: '',
  company_name: '',
  company_location: null,
  start_date: '',
  end_date: null,
  description: '',
  technologies_used: [],
};

export function ExperienceModal({ opened, initial, onClose, onSave }: EditorProps<ExperienceItem>) {
  const form = useForm({
    initialValues: { ...emptyExperience, company_location: '', end_date: '' },
    validate: {
      job_title: (v) => (v.trim() ? null : 'Enter the job title.'),
      company_name: (v) => (v.trim() ? null : 'Enter the company.'),
      start_date: (v) => (dateRe.test(v) ? null : 'Enter the start date.'),
      end_date: (v, values) => endAfterStart(values.start_date, v || null),
    },
  });
  useEffect(() => {
    if (opened) {
      const v = initial ?? emptyExperience;
      form.setValues({ ...v, company_location: v.company_location ?? '', end_date: v.end_date ?? '' });
      form.resetDirty();
      form.clearErrors();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset on open only
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={650}>{initial ? 'Edit experience' : 'Add experience'}</Text>}
      size="lg"
      fullScreen={false}
    >
      <form
        onSubmit={form.onSubmit((v) =>
          onSave({
            ...v,
            job_title: v.job_title.trim(),
            company_name: v.company_name.trim(),
            company_location: v.company_location.trim() || null,
            end_date: v.end_date || null,
          }),
        )}
      >
        <Stack gap="sm">
          <TextInput label="Job title" withAsterisk data-autofocus {...form.getInputProps('job_title')} />
          <Group grow align="flex-start">
            <TextInput label="Company" withAsterisk {...form.getInputProps('company_name')} />
            <TextInput label="Location" {...form.getInputProps('company_location')} />
          </Group>
          <Group grow align="flex-start">
            <TextInput type="date" label="Start date" withAsterisk {...form.getInputProps('start_date')} />
            <TextInput type="date" label="End date" description="Empty for your current job" {...form.getInputProps('end_date')} />
          </Group>
          <Textarea label="What you did" autosize minRows={3} maxRows={10} {...form.getInputProps('description')} />
          <TagsInput label="Technologies" description="Press Enter after each" {...form.getInputProps('technologies_used')} />
        </Stack>
        <ModalButtons onClose={onClose} isNew={!initial} />
      </form>
    </Modal>
  );
}

const emptyEducation: EducationItem = {
  degree_type: 'Bachelor',
  field_of_study: '',
  institution: '',
  location: null,
  start_date: null,
  end_date: null,
  grade_or_gpa: null,
  description: '',
};

export function EducationModal({ opened, initial, onClose, onSave }: EditorProps<EducationItem>) {
  const form = useForm({
    initialValues: { ...emptyEducation, location: '', start_date: '', end_date: '', grade_or_gpa: '' },
    validate: {
      field_of_study: (v) => (v.trim() ? null : 'Enter the field of study.'),
      institution: (v) => (v.trim() ? null : 'Enter the school or institution.'),
      end_date: (v, values) => endAfterStart(values.start_date || null, v || null),
    },
  });
  useEffect(() => {
    if (opened) {
      const v = initial ?? emptyEducation;
      form.setValues({
        ...v,
        location: v.location ?? '',
        start_date: v.start_date ?? '',
        end_date: v.end_date ?? '',
        grade_or_gpa: v.grade_or_gpa ?? '',
      });
      form.clearErrors();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset on open only
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={650}>{initial ? 'Edit education' : 'Add education'}</Text>} size="lg">
      <form
        onSubmit={form.onSubmit((v) =>
          onSave({
            ...v,
            field_of_study: v.field_of_study.trim(),
            institution: v.institution.trim(),
            location: v.location.trim() || null,
            start_date: v.start_date || null,
            end_date: v.end_date || null,
            grade_or_gpa: v.grade_or_gpa.trim() || null,
          }),
        )}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            <Select label="Degree" data={degreeTypes} allowDeselect={false} withAsterisk {...form.getInputProps('degree_type')} />
            <TextInput label="Field of study" withAsterisk data-autofocus {...form.getInputProps('field_of_study')} />
          </Group>
          <Group grow align="flex-start">
            <TextInput label="School or institution" withAsterisk {...form.getInputProps('institution')} />
            <TextInput label="Location" {...form.getInputProps('location')} />
          </Group>
          <Group grow align="flex-start">
            <TextInput type="date" label="Start date" {...form.getInputProps('start_date')} />
            <TextInput type="date" label="End date" {...form.getInputProps('end_date')} />
          </Group>
          <TextInput label="Grade or GPA" {...form.getInputProps('grade_or_gpa')} />
          <Textarea label="Notes" autosize minRows={2} maxRows={8} {...form.getInputProps('description')} />
        </Stack>
        <ModalButtons onClose={onClose} isNew={!initial} />
      </form>
    </Modal>
  );
}

const emptySkill: SkillItem = {
  skill_name: '',
  proficiency_level: 'Intermediate',
  years_of_experience: null,
  skill_type: 'Technical',
  certification: null,
};

export function SkillModal({ opened, initial, onClose, onSave }: EditorProps<SkillItem>) {
  const form = useForm<{
    skill_name: string;
    proficiency_level: SkillItem['proficiency_level'];
    years: number | string;
    skill_type: SkillItem['skill_type'];
    certification: string;
  }>({
    initialValues: { skill_name: '', proficiency_level: 'Intermediate', years: '', skill_type: 'Technical', certification: '' },
    validate: { skill_name: (v) => (v.trim() ? null : 'Enter the skill.') },
  });
  useEffect(() => {
    if (opened) {
      const v = initial ?? emptySkill;
      form.setValues({
        skill_name: v.skill_name,
        proficiency_level: v.proficiency_level,
        years: v.years_of_experience ?? '',
        skill_type: v.skill_type,
        certification: v.certification ?? '',
      });
      form.clearErrors();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset on open only
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={650}>{initial ? 'Edit skill' : 'Add skill'}</Text>}>
      <form
        onSubmit={form.onSubmit((v) =>
          onSave({
            skill_name: v.skill_name.trim(),
            proficiency_level: v.proficiency_level,
            years_of_experience: v.years === '' ? null : Number(v.years),
            skill_type: v.skill_type,
            certification: v.certification.trim() || null,
          }),
        )}
      >
        <Stack gap="sm">
          <TextInput label="Skill" withAsterisk data-autofocus {...form.getInputProps('skill_name')} />
          <Group grow align="flex-start">
            <Select label="Level" data={proficiencyLevels} allowDeselect={false} {...form.getInputProps('proficiency_level')} />
            <NumberInput label="Years" min={0} max={60} {...form.getInputProps('years')} />
          </Group>
          <Select label="Kind" data={skillTypes} allowDeselect={false} {...form.getInputProps('skill_type')} />
          <TextInput label="Certification" {...form.getInputProps('certification')} />
        </Stack>
        <ModalButtons onClose={onClose} isNew={!initial} />
      </form>
    </Modal>
  );
}

/** Edit / remove buttons of one list card. */
export function ItemActions({ name, onEdit, onRemove }: { name: string; onEdit: () => void; onRemove: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${name}`} onClick={onEdit}>
        <PencilIcon size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
        <TrashIcon size={16} />
      </ActionIcon>
    </Group>
  );
}

export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="xs" variant="light" leftSection={<PlusIcon size={14} />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** Which item a list's modal edits: null closed, 'new', or an index. */
export function useListEditor() {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return { editing, openNew: () => setEditing('new'), openAt: (index: number) => setEditing(index), close: () => setEditing(null) };
}
