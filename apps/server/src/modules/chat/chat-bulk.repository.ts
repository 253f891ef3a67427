import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { MessageRow } from './chat.repository';

/** One message the company sends to a job seeker in a bulk action (a rejection, a closing note). */
export interface CompanyMessage {
  jobseekerId: number;
  jobId: number;
  content: string;
}

/**
 * Stores one message from a member of the company to each job seeker, in one statement (so inside
 * the caller's transaction: a bulk action's messages go with its moves or not at all). The pair's
 * conversation is opened when there is none (the job seeker applied: `chat.open` allows it); each
 * job seeker's bell rings once per unread conversation, as a single message's does.
 */
export async function storeCompanyMessages(
  tx: Db,
  from: { companyId: number; senderId: number },
  messages: CompanyMessage[],
): Promise<Array<MessageRow & { jobseekerId: number }>> {
  if (!messages.length) return [];
  const rows = await queryRows<{
    id: number;
    room_id: number;
    jobseeker_id: number;
    content: string;
    created_at: string | Date;
    sender_name: string;
  }>(
    tx,
    sql`with input as (
          select * from unnest(${sql.param(messages.map((m) => m.jobseekerId))}::int[], ${sql.param(messages.map((m) => m.jobId))}::int[],
                               ${sql.param(messages.map((m) => m.content))}::text[]) as t(jobseeker_id, job_id, content)
        ), new_rooms as (
          insert into chat_rooms (jobseeker_id, company_id, employer_id, job_id, last_message_at)
          select jobseeker_id, ${from.companyId}::int, ${from.senderId}::int, job_id, now() from input
          on conflict (jobseeker_id, company_id) do nothing
          returning id, jobseeker_id
        ), rooms as (
          select id, jobseeker_id from new_rooms
          union all
          select r.id, r.jobseeker_id from chat_rooms r join input i on i.jobseeker_id = r.jobseeker_id
           where r.company_id = ${from.companyId}::int
        ), ins as (
          insert into chat_messages (room_id, sender_id, from_jobseeker, content)
          select rooms.id, ${from.senderId}::int, false, i.content from input i join rooms on rooms.jobseeker_id = i.jobseeker_id
          returning id, room_id, content, created_at
        ), moved as (
          update chat_rooms r set last_message_at = ins.created_at, updated_at = ins.created_at from ins where r.id = ins.room_id
        ), notices as (
          insert into notifications (user_id, type, message, link)
          select rooms.jobseeker_id, 'chat_message', 'New message from ' || u.full_name || '.', '/chat/' || rooms.id
            from rooms cross join users u
           where u.id = ${from.senderId}::int
             and not exists (select 1 from notifications n where n.user_id = rooms.jobseeker_id and n.type = 'chat_message'
                                and n.link = '/chat/' || rooms.id and not n.is_read)
        )
        select ins.id, ins.room_id, rooms.jobseeker_id, ins.content, ins.created_at,
               (select full_name from users where id = ${from.senderId}::int) as sender_name
          from ins join rooms on rooms.id = ins.room_id`,
  );
  return rows.map((r) => ({
    id: r.id,
    roomId: r.room_id,
    jobseekerId: r.jobseeker_id,
    senderId: from.senderId,
    senderName: r.sender_name,
    fromJobseeker: false,
    content: r.content,
    clientId: null,
    createdAt: new Date(r.created_at),
    readAt: null,
  }));
}
