// The messages of chat rooms: storing, reading, marking read, and the unread reminders' claims.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryPrepared, queryRows, type Db } from '../../db/client';
import { chatMessages, chatRooms, companies, users } from '../../db/schema';
import { toRoomRow, type MessageRow, type RawRoom, type RoomRow, type Side } from './chat.repository';

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
