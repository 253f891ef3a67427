import { and, eq, sql, type SQL } from 'drizzle-orm';
import { oncePerDatabase, queryPrepared, queryRows, type Db } from '../../db/client';
import { applications, chatRooms, companyMembers, jobs, users } from '../../db/schema';

/** Which side of a conversation a reader is on: the job seeker, or the company (any member). */
export type Side = 'jobseeker' | 'company';

/** A room with what its presenter shows; the unread count is the reader's side's. */
export interface RoomRow {
  id: number;
  jobseekerId: number;
  jobseekerName: string;
  jobseekerPhotoId: number | null;
  companyId: number;
  companyName: string;
  companyLogo: string | null;
  employerId: number;
  employerName: string;
  jobId: number | null;
  jobTitle: string | null;
  createdAt: Date;
  updatedAt: Date;
  unreadCount: number;
  lastMessage: MessageRow | null;
}

export interface MessageRow {
  id: number;
  roomId: number;
  senderId: number;
  senderName: string;
  fromJobseeker: boolean;
  content: string;
  clientId: string | null;
  createdAt: Date;
  readAt: Date | null;
}

/** The ids a room's rules and audience need. */
export interface RoomFacts {
  id: number;
  jobseekerId: number;
  companyId: number;
}

export interface RawRoom {
  id: number;
  jobseeker_id: number;
  jobseeker_name: string;
  jobseeker_photo_id: number | null;
  company_id: number;
  company_name: string;
  company_logo: string | null;
  employer_id: number;
  employer_name: string;
  job_id: number | null;
  job_title: string | null;
  created_at: Date;
  updated_at: Date;
  unread_count: number | string;
  unread_other: number | string;
  m_id: number | null;
  m_sender_id: number | null;
  m_sender_name: string | null;
  m_from_jobseeker: boolean | null;
  m_content: string | null;
  m_client_id: string | null;
  m_created_at: Date | null;
  m_read_at: Date | null;
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

export function toRoomRow(r: RawRoom): RoomRow {
  return {
    id: r.id,
    jobseekerId: r.jobseeker_id,
    jobseekerName: r.jobseeker_name,
    jobseekerPhotoId: r.jobseeker_photo_id,
    companyId: r.company_id,
    companyName: r.company_name,
    companyLogo: r.company_logo,
    employerId: r.employer_id,
    employerName: r.employer_name,
    jobId: r.job_id,
    jobTitle: r.job_title,
    createdAt: asDate(r.created_at),
    updatedAt: asDate(r.updated_at),
    unreadCount: Number(r.unread_count),
    lastMessage:
      r.m_id === null
        ? null
        : {
            id: r.m_id,
            roomId: r.id,
            senderId: r.m_sender_id!,
            senderName: r.m_sender_name!,
            fromJobseeker: r.m_from_jobseeker!,
            content: r.m_content!,
            clientId: r.m_client_id,
            createdAt: asDate(r.m_created_at!),
            readAt: r.m_read_at ? asDate(r.m_read_at) : null,
          },
  };
}

/** Rooms with their names, job, last message and the side's unread count; `where` filters `r`. */
function selectRooms(side: Side, where: SQL, tail: SQL = sql``, withOther = false): SQL {
  // The other side's messages are the unread ones: a job seeker reads the company's, and back.
  const unreadFrom = side === 'jobseeker' ? sql`false` : sql`true`;
  return sql`
    select r.id, r.jobseeker_id, js.full_name as jobseeker_name, jp.photo_file_id as jobseeker_photo_id,
           r.company_id, c.name as company_name, c.logo as company_logo,
           coalesce(r.employer_id, c.owner_id) as employer_id, eu.full_name as employer_name,
           r.job_id, j.title as job_title, r.created_at, r.updated_at,
           (select count(*) from chat_messages u
             where u.room_id = r.id and u.read_at is null and u.from_jobseeker = ${unreadFrom}) as unread_count,
           ${withOther ? sql`(select count(*) from chat_messages u where u.room_id = r.id and u.read_at is null and u.from_jobseeker <> ${unreadFrom})` : sql`0`} as unread_other,
           m.id as m_id, m.sender_id as m_sender_id, mu.full_name as m_sender_name, m.from_jobseeker as m_from_jobseeker,
           m.content as m_content, m.client_id as m_client_id, m.created_at as m_created_at, m.read_at as m_read_at
      from chat_rooms r
      join users js on js.id = r.jobseeker_id
      left join jobseeker_profiles jp on jp.user_id = r.jobseeker_id
      join companies c on c.id = r.company_id
      join users eu on eu.id = coalesce(r.employer_id, c.owner_id)
      left join jobs j on j.id = r.job_id
      left join lateral (select * from chat_messages lm where lm.room_id = r.id order by lm.id desc limit 1) m on true
      left join users mu on mu.id = m.sender_id
     where ${where}
     ${tail}`;
}

export async function findRoom(db: Db, id: number, side: Side): Promise<RoomRow | undefined> {
  const [row] = await queryPrepared<RawRoom>(db, `chat_room_${side}`, selectRooms(side, sql`r.id = ${id}`));
  return row && toRoomRow(row);
}

/** The room as each side sees it (their unread counts differ), in one query. */
export async function findRoomForBothSides(db: Db, id: number): Promise<{ forJobseeker: RoomRow; forCompany: RoomRow } | undefined> {
  const [row] = await queryPrepared<RawRoom>(db, 'chat_room_both_sides', selectRooms('jobseeker', sql`r.id = ${id}`, sql``, true));
  if (!row) return undefined;
  const forJobseeker = toRoomRow(row);
  return { forJobseeker, forCompany: { ...forJobseeker, unreadCount: Number(row.unread_other) } };
}

const roomFactsStatement = oncePerDatabase((db) =>
  db
    .select({ id: chatRooms.id, jobseekerId: chatRooms.jobseekerId, companyId: chatRooms.companyId })
    .from(chatRooms)
    .where(eq(chatRooms.id, sql.placeholder('id')))
    .limit(1)
    .prepare('chat_room_facts'),
);

/** The room's parties (every message and read checks them): built once per database, planned once per connection. */
export async function findRoomFacts(db: Db, id: number): Promise<RoomFacts | undefined> {
  const [row] = await roomFactsStatement(db).execute({ id });
  return row;
}

export async function findRoomIdOfPair(db: Db, jobseekerId: number, companyId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(eq(chatRooms.jobseekerId, jobseekerId), eq(chatRooms.companyId, companyId)))
    .limit(1);
  return row?.id;
}

/** The reader's rooms, newest activity first. */
export async function findRooms(
  db: Db,
  reader: { side: Side; jobseekerId?: number; companyId?: number },
  page: { limit: number; offset: number },
): Promise<{ rows: RoomRow[]; total: number }> {
  const where = reader.side === 'jobseeker' ? sql`r.jobseeker_id = ${reader.jobseekerId!}` : sql`r.company_id = ${reader.companyId!}`;
  const [rows, [total]] = await Promise.all([
    queryRows<RawRoom>(
      db,
      selectRooms(reader.side, where, sql`order by r.updated_at desc, r.id desc limit ${page.limit} offset ${page.offset}`),
    ),
    queryRows<{ n: number | string }>(db, sql`select count(*) as n from chat_rooms r where ${where}`),
  ]);
  return { rows: rows.map(toRoomRow), total: Number(total?.n ?? 0) };
}

/** An employer account and the company it works for (undefined: not an employer of a company). */
export async function findCompanyOfMember(db: Db, userId: number): Promise<{ companyId: number } | undefined> {
  const [row] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.userId, userId), eq(users.role, 'employer')))
    .limit(1);
  return row;
}

/** A job and the member who speaks for it: its poster while in the company, else the owner. */
export async function findJobSpeaker(db: Db, jobId: number): Promise<{ companyId: number; employerId: number } | undefined> {
  const [row] = await queryRows<{ company_id: number; employer_id: number }>(
    db,
    sql`select j.company_id, coalesce(m.user_id, c.owner_id) as employer_id
          from jobs j join companies c on c.id = j.company_id
          left join company_members m on m.user_id = j.posted_by and m.company_id = j.company_id
         where j.id = ${jobId}`,
  );
  return row && { companyId: row.company_id, employerId: row.employer_id };
}

/** The companies whose jobs this job seeker applied to, and the latest job applied to at `companyId`. */
export async function findApplicationsToCompany(
  db: Db,
  jobseekerId: number,
  companyId: number,
): Promise<{ appliedToCompanyIds: number[]; latestJobId: number | null; jobIds: number[] }> {
  const rows = await db
    .select({ jobId: applications.jobId, companyId: jobs.companyId })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(eq(applications.jobseekerId, jobseekerId))
    .orderBy(sql`${applications.appliedAt} desc`);
  const atCompany = rows.filter((r) => r.companyId === companyId);
  return {
    appliedToCompanyIds: [...new Set(rows.map((r) => r.companyId))],
    latestJobId: atCompany[0]?.jobId ?? null,
    jobIds: atCompany.map((r) => r.jobId),
  };
}

export async function isJobseeker(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.role === 'jobseeker';
}

/** Inserts the pair's room, or answers undefined when it exists (a concurrent open). */
export async function insertRoom(
  db: Db,
  values: { jobseekerId: number; companyId: number; employerId: number; jobId: number | null },
): Promise<number | undefined> {
  const [row] = await db.insert(chatRooms).values(values).onConflictDoNothing().returning({ id: chatRooms.id });
  return row?.id;
}
