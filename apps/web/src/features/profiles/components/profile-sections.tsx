import type { ReactNode } from 'react';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ProfileOut } from '@jobportal/shared';
import { formatDay } from '../../../lib/job-format';

export type EducationItem = Omit<ProfileOut['educations'][number], 'id'>;
export type ExperienceItem = Omit<ProfileOut['work_experience'][number], 'id'>;
export type SkillItem = Omit<ProfileOut['skills'][number], 'id'>;

export function period(start: string | null, end: string | null, currentWord = 'now'): string {
  if (!start && !end) return '';
  return `${start ? formatDay(start) : '?'} – ${end ? formatDay(end) : currentWord}`;
}

export function SectionCard({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

export function ExperienceSummary({ item }: { item: ExperienceItem }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fw={600}>{item.job_title}</Text>
      <Text size="sm">
        {item.company_name}
        {item.company_location ? ` · ${item.company_location}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {period(item.start_date, item.end_date)}
      </Text>
      {item.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={4}>
          {item.description}
        </Text>
      )}
      {item.technologies_used.length > 0 && (
        <Group gap={4} mt={4}>
          {item.technologies_used.map((tech) => (
            <Badge key={tech} variant="default" size="sm" tt="none">
              {tech}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

export function EducationSummary({ item }: { item: EducationItem }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fw={600}>
        {item.degree_type}, {item.field_of_study}
      </Text>
      <Text size="sm">
        {item.institution}
        {item.location ? ` · ${item.location}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {[period(item.start_date, item.end_date), item.grade_or_gpa ? `Grade ${item.grade_or_gpa}` : ''].filter(Boolean).join(' · ')}
      </Text>
      {item.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={3}>
          {item.description}
        </Text>
      )}
    </Stack>
  );
}

export function skillLine(skill: SkillItem): string {
  return [skill.proficiency_level, skill.years_of_experience !== null ? `${skill.years_of_experience} yr` : null, skill.certification]
    .filter(Boolean)
    .join(' · ');
}
