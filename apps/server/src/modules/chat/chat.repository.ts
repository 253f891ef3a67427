import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { oncePerDatabase, queryPrepared, queryRows, type Db } from '../../db/client';
import { applications, chatMessages, chatRooms, companyMembers, companies, jobs, users } from '../../db/schema';

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

interface RawRoom {
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

function toRoomRow(r: RawRoom): RoomRow {
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

const messageColumns = {
  id: chatMessages.id,
  roomId: chatMessages.roomId,
  senderId: chatMessages.senderId,
  senderName: users.fullName,
  fromJobseeker: chatMessages.fromJobseeker,
  content: chatMessages.content,
  clientId: chatMessages.clientId,
  createdAt: chatMessages.createdAt,
  readAt: chatMessages.readAt,
};

export async function findMessageByClientId(db: Db, senderId: number, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)));
  return row;
}

/**
 * A page of a room's messages, newest first. `before`: older than that id (paging back); `after`:
 * the oldest ones newer than that id (catching up, in order, a page at a time).
 */
export async function findMessages(
  db: Db,
  roomId: number,
  q: { limit: number; offset: number; before?: number; after?: number },
): Promise<{ rows: MessageRow[]; total: number; more: boolean }> {
  const conditions = [eq(chatMessages.roomId, roomId)];
  if (q.before !== undefined) conditions.push(sql`${chatMessages.id} < ${q.before}`);
  if (q.after !== undefined) conditions.push(sql`${chatMessages.id} > ${q.after}`);
  const where = and(...conditions);
  const forward = q.after !== undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(messageColumns)
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.senderId))
      .where(where)
      .orderBy(forward ? sql`${chatMessages.id} asc` : sql`${chatMessages.id} desc`)
      .limit(q.limit + 1)
      .offset(q.before !== undefined || forward ? 0 : q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(where),
  ]);
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  return { rows: forward ? page.reverse() : page, total: total?.n ?? 0, more };
}

/**
 * Stores a message, moves the room up and rings the recipient's bell (one unread notice per
 * conversation), in one statement: one round trip, atomic without a transaction. It also answers the
 * room as each side now sees it, for `room:updated`: the statement's snapshot does not see the new
 * message, so the recipient's unread count is the count before it plus one, and the last message is
 * the new one. Undefined when the sender already used this client id (the caller answers the earlier
 * message), the room is gone, or the sender has stored `limit.limit` messages in the last
 * `limit.windowSeconds` (two sends at the same instant may both pass at the limit's edge: a flood
 * guard, not a quota).
 */
export async function storeMessage(
  db: Db,
  values: { roomId: number; senderId: number; fromJobseeker: boolean; content: string; clientId: string | null },
  notice: { recipientSide: Side; link: string },
  limit: { limit: number; windowSeconds: number },
): Promise<{ row: MessageRow; noticed: boolean; rooms: { forJobseeker: RoomRow; forCompany: RoomRow } } | undefined> {
  const recipient = notice.recipientSide === 'jobseeker' ? sql`room.jobseeker_id` : sql`coalesce(room.employer_id, c.owner_id)`;
  // The room's columns as selectRooms names them (the new message as its last), so toRoomRow reads it.
  const [row] = await queryPrepared<RawRoom & { noticed: boolean }>(
    db,
    `chat_store_message_${notice.recipientSide}`,
    sql`with ins as (
          insert into chat_messages (room_id, sender_id, from_jobseeker, content, client_id)
          select r.id, ${values.senderId}::int, ${values.fromJobseeker}::boolean, ${values.content}::text, ${values.clientId}::text
            from chat_rooms r
           where r.id = ${values.roomId}
             -- The flood limit: fewer than limit messages stored by the sender in the window.
             and (select count(*) from (select 1 from chat_messages m
                                         where m.sender_id = ${values.senderId}
                                           and m.created_at > now() - make_interval(secs => ${limit.windowSeconds})
                                         limit ${limit.limit}) recent) < ${limit.limit}
          on conflict do nothing
          returning id, room_id, sender_id, from_jobseeker, content, client_id, created_at, read_at
        ), sender as (
          select ins.*, u.full_name as sender_name from ins join users u on u.id = ins.sender_id
        ), room as (
          update chat_rooms r set last_message_at = ins.created_at, updated_at = ins.created_at
            from ins where r.id = ins.room_id
          returning r.id, r.jobseeker_id, r.company_id, r.employer_id, r.job_id, r.created_at, r.updated_at
        ), notice as (
          insert into notifications (user_id, type, message, link)
          select ${recipient}, 'chat_message', 'New message from ' || sender.sender_name || '.', ${notice.link}
            from room join companies c on c.id = room.company_id cross join sender
           where not exists (select 1 from notifications n
                              where n.user_id = ${recipient} and n.type = 'chat_message'
                                and n.link = ${notice.link} and not n.is_read)
          returning id
        )
        select room.id, room.jobseeker_id, js.full_name as jobseeker_name, jp.photo_file_id as jobseeker_photo_id,
               room.company_id, c.name as company_name, c.logo as company_logo,
               coalesce(room.employer_id, c.owner_id) as employer_id, eu.full_name as employer_name,
               room.job_id, j.title as job_title, room.created_at, room.updated_at,
               (select count(*) from chat_messages u
                 where u.room_id = room.id and u.read_at is null and not u.from_jobseeker) as unread_count,
               (select count(*) from chat_messages u
                 where u.room_id = room.id and u.read_at is null and u.from_jobseeker) as unread_other,
               sender.id as m_id, sender.sender_id as m_sender_id, sender.sender_name as m_sender_name,
               sender.from_jobseeker as m_from_jobseeker, sender.content as m_content, sender.client_id as m_client_id,
               sender.created_at as m_created_at, sender.read_at as m_read_at,
               exists (select 1 from notice) as noticed
          from sender cross join room
          join users js on js.id = room.jobseeker_id
          left join jobseeker_profiles jp on jp.user_id = room.jobseeker_id
          join companies c on c.id = room.company_id
          join users eu on eu.id = coalesce(room.employer_id, c.owner_id)
          left join jobs j on j.id = room.job_id`,
  );
  if (!row) return undefined;
  // Counted before the new message: it is unread by the side it was sent to.
  const toJobseeker = !row.m_from_jobseeker;
  const forJobseeker = toRoomRow({ ...row, unread_count: Number(row.unread_count) + (toJobseeker ? 1 : 0) });
  const forCompany = { ...forJobseeker, unreadCount: Number(row.unread_other) + (toJobseeker ? 0 : 1) };
  return { row: forJobseeker.lastMessage!, noticed: row.noticed, rooms: { forJobseeker, forCompany } };
}

/** Seconds until the sender may store a message again under `limit` (0 when they may now). */
export async function secondsUntilSenderMayWrite(
  db: Db,
  senderId: number,
  limit: { limit: number; windowSeconds: number },
): Promise<number> {
  const [row] = await queryRows<{ wait: number | string | null }>(
    db,
    sql`select extract(epoch from min(created_at) + make_interval(secs => ${limit.windowSeconds}) - now()) as wait
          from (select created_at from chat_messages
                 where sender_id = ${senderId} and created_at > now() - make_interval(secs => ${limit.windowSeconds})
                 order by created_at desc limit ${limit.limit}) recent
        having count(*) >= ${limit.limit}`,
  );
  return row?.wait === undefined || row.wait === null ? 0 : Math.max(0, Number(row.wait));
}

/** Marks the other side's messages up to `upTo` read; answers how many changed. */
export async function markRead(db: Db, roomId: number, readerSide: Side, upTo: number, at: Date): Promise<number> {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: at })
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        eq(chatMessages.fromJobseeker, readerSide === 'company'),
        sql`${chatMessages.id} <= ${upTo}`,
        sql`${chatMessages.readAt} is null`,
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length;
}

/**
 * Sides with a message unread for `minutes` that were not e-mailed since it came: one e-mail per room
 * and side per quiet spell. Claims them (sets the side's e-mailed time) in the same statement, so two
 * processes never send the same e-mail.
 */
export async function claimUnreadReminders(db: Db, minutes: number): Promise<Array<{ roomId: number; side: Side; count: number }>> {
  const rows = await queryRows<{ room_id: number; side: Side; n: number | string }>(
    db,
    sql`
    with due as (
      select m.room_id, case when m.from_jobseeker then 'company' else 'jobseeker' end as side, count(*) as n
        from chat_messages m join chat_rooms r on r.id = m.room_id
       where m.read_at is null and m.created_at <= now() - make_interval(mins => ${minutes})
         and m.created_at > coalesce(case when m.from_jobseeker then r.company_emailed_at else r.jobseeker_emailed_at end, '-infinity')
       group by m.room_id, m.from_jobseeker
    ), claimed_js as (
      update chat_rooms r set jobseeker_emailed_at = now() from due
       where due.room_id = r.id and due.side = 'jobseeker' returning r.id
    ), claimed_co as (
      update chat_rooms r set company_emailed_at = now() from due
       where due.room_id = r.id and due.side = 'company' returning r.id
    )
    select due.room_id, due.side, due.n from due
     where due.room_id in (select id from claimed_js) or due.room_id in (select id from claimed_co)`,
  );
  return rows.map((r) => ({ roomId: r.room_id, side: r.side, count: Number(r.n) }));
}

/** Who is e-mailed for a side of a room: the job seeker, or the member who opened it (else the owner). */
export async function findRecipient(
  db: Db,
  roomId: number,
  side: Side,
): Promise<{ email: string; fullName: string; userId: number } | undefined> {
  const [row] = await db
    .select({ email: users.email, fullName: users.fullName, userId: users.id })
    .from(chatRooms)
    .innerJoin(companies, eq(companies.id, chatRooms.companyId))
    .innerJoin(
      users,
      eq(users.id, side === 'jobseeker' ? chatRooms.jobseekerId : sql`coalesce(${chatRooms.employerId}, ${companies.ownerId})`),
    )
    // A "Former member" (deleted account, decision 017) gets no e-mail: its address is not theirs.
    .where(and(eq(chatRooms.id, roomId), isNull(users.deletedAt)));
  return row;
}
