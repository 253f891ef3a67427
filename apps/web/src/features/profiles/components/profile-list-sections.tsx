import { type ProfileFormValues } from './profile-form-values';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { AddButton, EducationModal, ExperienceModal, ItemActions, SkillModal, useListEditor } from './list-editors';
import { EducationSummary, ExperienceSummary, SectionCard, skillLine } from './profile-sections';
import classes from '../screens/profile-screen.module.css';
import type { UseFormReturnType } from '@mantine/form';

type ProfileForm = UseFormReturnType<ProfileFormValues>;
type ListKey = 'educations' | 'work_experience' | 'skills';

const setList = <K extends ListKey>(form: ProfileForm, key: K, items: ProfileFormValues[K]) =>
  form.setValues({ [key]: items } as Partial<ProfileFormValues>);
const upsert = <T,>(items: T[], editing: number | 'new' | null, item: T) =>
  editing === 'new' || editing === null ? [...items, item] : items.map((old, index) => (index === editing ? item : old));

export function ExperienceSection({ form }: { form: ProfileForm }) {
  const v = form.values;
  const experienceEditor = useListEditor();
  return (
    <>
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
                      form,
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
      <ExperienceModal
        opened={experienceEditor.editing !== null}
        initial={typeof experienceEditor.editing === 'number' ? (v.work_experience[experienceEditor.editing] ?? null) : null}
        onClose={experienceEditor.close}
        onSave={(item) => {
          setList(form, 'work_experience', upsert(v.work_experience, experienceEditor.editing, item));
          experienceEditor.close();
        }}
      />
    </>
  );
}

export function EducationSection({ form }: { form: ProfileForm }) {
  const v = form.values;
  const educationEditor = useListEditor();
  return (
    <>
      <SectionCard title="Education" actions={<AddButton label="Add education" onClick={educationEditor.openNew} />}>
        {v.educations.length === 0 ? (
          <Text size="sm" c="dimmed">
            No education added.
          </Text>
        ) : (
          <Stack gap="sm">
            {v.educations.map((item, index) => (
              <Group key={`${item.institution}-${index}`} justify="space-between" align="flex-start" wrap="nowrap" className={classes.item}>
                <EducationSummary item={item} />
                <ItemActions
                  name={`${item.degree_type} at ${item.institution}`}
                  onEdit={() => educationEditor.openAt(index)}
                  onRemove={() =>
                    setList(
                      form,
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
      <EducationModal
        opened={educationEditor.editing !== null}
        initial={typeof educationEditor.editing === 'number' ? (v.educations[educationEditor.editing] ?? null) : null}
        onClose={educationEditor.close}
        onSave={(item) => {
          setList(form, 'educations', upsert(v.educations, educationEditor.editing, item));
          educationEditor.close();
        }}
      />
    </>
  );
}

export function SkillsSection({ form }: { form: ProfileForm }) {
  const v = form.values;
  const skillEditor = useListEditor();
  return (
    <>
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
                      form,
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
      <SkillModal
        opened={skillEditor.editing !== null}
        initial={typeof skillEditor.editing === 'number' ? (v.skills[skillEditor.editing] ?? null) : null}
        onClose={skillEditor.close}
        onSave={(item) => {
          setList(form, 'skills', upsert(v.skills, skillEditor.editing, item));
          skillEditor.close();
        }}
      />
    </>
  );
}
