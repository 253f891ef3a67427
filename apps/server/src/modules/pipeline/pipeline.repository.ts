import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationNotes, companies, messageTemplates, users, type MessageTemplateRow } from '../../db/schema';

// Team notes and message templates: all their SQL.

export interface NoteRecord {
  id: number;
  applicationId: number;
  body: string;
  authorId: number | null;
  authorName: string | null;
  mentions: Array<{ id: number; full_name: string }>;
  createdAt: Date;
  updatedAt: Date;
}

const noteColumns = {
  id: applicationNotes.id,
  applicationId: applicationNotes.applicationId,
  body: applicationNotes.body,
  authorId: applicationNotes.authorId,
  authorName: users.fullName,
  // Mentioned people still on record, in the order of the note's list.
  mentions: sql<Array<{ id: number; full_name: string }>>`coalesce((select json_agg(json_build_object('id', m.id, 'full_name', m.full_name)
      order by array_position(${applicationNotes.mentionedIds}, m.id))
    from ${users} m where m.id = any(${applicationNotes.mentionedIds})), '[]'::json)`,
  createdAt: applicationNotes.createdAt,
  updatedAt: applicationNotes.updatedAt,
};

/** An application's notes, oldest first (a conversation of the team). */
export async function findNotes(db: Db, applicationId: number): Promise<NoteRecord[]> {
  return db
    .select(noteColumns)
    .from(applicationNotes)
    .leftJoin(users, eq(users.id, applicationNotes.authorId))
    .where(eq(applicationNotes.applicationId, applicationId))
    .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id));
}

export async function findNote(db: Db, id: number): Promise<NoteRecord | undefined> {
  const [row] = await db
    .select(noteColumns)
    .from(applicationNotes)
    .leftJoin(users, eq(users.id, applicationNotes.authorId))
    .where(eq(applicationNotes.id, id));
  return row;
}

export async function insertNote(
  db: Db,
  values: { applicationId: number; authorId: number; body: string; mentionedIds: number[] },
): Promise<number> {
  const [row] = await db.insert(applicationNotes).values(values).returning({ id: applicationNotes.id });
  return row!.id;
}

export async function updateNote(db: Db, id: number, values: { body: string; mentionedIds: number[] }): Promise<void> {
  await db
    .update(applicationNotes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(applicationNotes.id, id));
}

export async function deleteNote(db: Db, id: number): Promise<void> {
  await db.delete(applicationNotes).where(eq(applicationNotes.id, id));
}

/** A company's facts for the access policy (undefined: no such company). */
export async function findCompanyFacts(db: Db, id: number): Promise<{ id: number; isApproved: boolean } | undefined> {
  const [row] = await db.select({ id: companies.id, isApproved: companies.isApproved }).from(companies).where(eq(companies.id, id));
  return row;
}

export async function findTemplates(db: Db, companyId: number): Promise<MessageTemplateRow[]> {
  return db
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.companyId, companyId))
    .orderBy(asc(messageTemplates.name), asc(messageTemplates.id));
}

export async function findTemplate(db: Db, companyId: number, id: number): Promise<MessageTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.companyId, companyId), eq(messageTemplates.id, id)));
  return row;
}

/** Inserts a template; undefined when the company has one of that name already. */
export async function insertTemplate(
  db: Db,
  values: { companyId: number; name: string; body: string },
): Promise<MessageTemplateRow | undefined> {
  const [row] = await db.insert(messageTemplates).values(values).onConflictDoNothing().returning();
  return row;
}

/** Changes a template; undefined when the new name is another template's of the company. */
export async function updateTemplate(
  db: Db,
  companyId: number,
  id: number,
  values: { name?: string; body?: string },
): Promise<MessageTemplateRow | undefined | 'taken'> {
  if (values.name !== undefined) {
    const [clash] = await db
      .select({ id: messageTemplates.id })
      .from(messageTemplates)
      .where(and(eq(messageTemplates.companyId, companyId), eq(messageTemplates.name, values.name), sql`${messageTemplates.id} <> ${id}`));
    if (clash) return 'taken';
  }
  const [row] = await db
    .update(messageTemplates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(messageTemplates.companyId, companyId), eq(messageTemplates.id, id)))
    .returning();
  return row;
}

export async function deleteTemplate(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.companyId, companyId), eq(messageTemplates.id, id)))
    .returning({ id: messageTemplates.id });
  return rows.length > 0;
}
