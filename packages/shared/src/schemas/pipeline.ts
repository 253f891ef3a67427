import { z } from 'zod';
import { applicationStatus } from './applications';
import { dbId, idValue } from './common';
import { oneLine } from './text';
import { bulkActions, bulkChannels, unknownPlaceholders } from '../vocabulary/pipeline';

// The hiring pipeline (issue #50): team notes, message templates, bulk actions, the timeline.

/** A team note's text: up to 5,000 characters; `@Full Name` mentions a teammate (decision 023). */
export const noteBody = z.object({
  body: z.string().trim().min(1, 'Write the note first.').max(5000, 'Use at most 5,000 characters.'),
});
export const noteOut = z.object({
  id: z.number().int(),
  application: z.number().int(),
  body: z.string(),
  /** Null once the author's account is gone. */
  author: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  mentions: z.array(z.object({ id: z.number().int(), full_name: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
  /** The viewer wrote it: they may edit and delete it. */
  is_mine: z.boolean(),
});
export type NoteOut = z.infer<typeof noteOut>;
export const noteList = z.object({ results: z.array(noteOut) });

const templateText = z
  .string()
  .trim()
  .min(1, 'Write the message.')
  .max(4000, 'Use at most 4,000 characters.')
  .superRefine((text, ctx) => {
    const unknown = unknownPlaceholders(text);
    if (unknown.length) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown placeholder ${unknown.map((u) => `{${u}}`).join(', ')}: use {first_name} or {job_title}.`,
      });
    }
  });
export const templateInput = z.object({
  name: oneLine(z.string().trim().min(1, 'Name the template.').max(100, 'Use at most 100 characters.')),
  body: templateText,
});
export const templatePatch = templateInput.partial();
export const templateOut = z.object({
  id: z.number().int(),
  name: z.string(),
  body: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TemplateOut = z.infer<typeof templateOut>;
export const templateList = z.object({ results: z.array(templateOut) });
/** `/api/companies/{id}/message-templates/{template}/` */
export const templateParams = z.object({ id: idValue, template: idValue });

export const bulkRequest = z.object({
  ids: z.array(dbId).min(1, 'Select at least one applicant.').max(1000, 'Select at most 1,000 applicants at once.'),
  action: z.enum(bulkActions),
  /** For `move`: where to. */
  status: applicationStatus.optional(),
  /** For `reject`: a template of the company (its id), or `message` written here. */
  template: dbId.optional(),
  message: templateText.optional(),
  channel: z.enum(bulkChannels).default('chat'),
});
export type BulkRequest = z.input<typeof bulkRequest>;
export const bulkResult = z.object({
  action: z.enum(bulkActions),
  /** The applications acted on: every id asked (the action is all or nothing). */
  ids: z.array(z.number().int()),
  /** For `export`: the CSV text of the selection. */
  csv: z.string().optional(),
});
export type BulkResult = z.infer<typeof bulkResult>;

export const timelineKinds = ['applied', 'viewed', 'status', 'interview', 'message'] as const;
export const timelineEntry = z.object({
  kind: z.enum(timelineKinds),
  at: z.string(),
  /** For `status`: the status it moved to. */
  status: applicationStatus.optional(),
  /** A sentence for people, e.g. "Interview scheduled for 12 Dec 2026, 10:00 (Europe/Berlin)". */
  text: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;
export const timelineOut = z.object({
  application: z.number().int(),
  job_title: z.string(),
  company_name: z.string(),
  entries: z.array(timelineEntry),
  /** The job closes unanswered applications after 30 days (false: the employer reviews each personally). */
  auto_close: z.boolean(),
});
export type TimelineOut = z.infer<typeof timelineOut>;
