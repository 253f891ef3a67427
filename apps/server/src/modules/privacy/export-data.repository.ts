import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * What a person's data export holds (docs/decisions/017-privacy.md), one kind of data per JSON file.
 * Every query reads one person's rows only; where a row names someone else (the other side of a
 * conversation, an interviewer), it gives their name and nothing more. Lists are read in pages in id
 * order (`after`, `limit`), so a long message history never sits in memory whole.
 */
export interface ExportKind {
  /** The file's name in the zip. */
  file: string;
  /** What the README says the file holds. */
  holds: string;
  /** `object`: the file is one JSON object (the first row, or null); `list`: an array of every row. */
  shape: 'object' | 'list';
  /** The rows with id > after, in id order, at most `limit` (each row has an `id`). */
  page(userId: number, after: number, limit: number): SQL;
}

const ts = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

export const exportKinds: ExportKind[] = [
  {
    file: 'account.json',
    holds: 'Your account: name, e-mail, role, when you joined and last signed in, your time zone, and the company you work for.',
    shape: 'object',
    page: (userId, after) => sql`
      select u.id, u.email, u.full_name, u.role, ${ts('u.date_joined')} as date_joined, ${ts('u.last_login')} as last_login,
             u.email_verified, u.google_sub is not null as signs_in_with_google, u.time_zone,
             c.name as company, m.role as company_role
      from users u
      left join company_members m on m.user_id = u.id
      left join companies c on c.id = m.company_id
      where u.id = ${userId} and u.id > ${after}`,
  },
  {
    file: 'profile.json',
    holds: 'Your job seeker profile: phone, date of birth, bio, links, current title, and which files are its photo and resume.',
    shape: 'object',
    page: (userId, after) => sql`
      select p.id, p.phone_number, p.date_of_birth, p.bio, p.linkedin_url, p.portfolio_url, p.current_job_title,
             ph.original_name as photo_file, r.original_name as resume_file,
             ${ts('p.created_at')} as created_at, ${ts('p.updated_at')} as updated_at
      from jobseeker_profiles p
      left join uploaded_files ph on ph.id = p.photo_file_id
      left join uploaded_files r on r.id = p.resume_file_id
      where p.user_id = ${userId} and p.id > ${after}`,
  },
  {
    file: 'educations.json',
    holds: 'The education on your profile, in the order you listed it.',
    shape: 'list',
    page: (userId, after, limit) => sql`
      select e.id, e.position, e.degree_type, e.field_of_study, e.institution, e.location, e.start_date, e.end_date,
             e.grade_or_gpa, e.description
      from profile_educations e join jobseeker_profiles p on p.id = e.profile_id
      where p.user_id = ${userId} and e.id > ${after} order by e.id limit ${limit}`,
  },
  {
    file: 'experience.json',
    holds: 'The work experience on your profile.',
    shape: 'list',
    page: (userId, after, limit) => sql`
      select w.id, w.position, w.job_title, w.company_name, w.company_location, w.start_date, w.end_date,
             w.description, w.technologies_used
      from profile_work_experience w join jobseeker_profiles p on p.id = w.profile_id
      where p.user_id = ${userId} and w.id > ${after} order by w.id limit ${limit}`,
  },
  {
    file: 'skills.json',
    holds: 'The skills on your profile.',
    shape: 'list',
    page: (userId, after, limit) => sql`
      select s.id, s.position, s.skill_name, s.proficiency_level, s.years_of_experience, s.skill_type, s.certification
      from profile_skills s join jobseeker_profiles p on p.id = s.profile_id
      where p.user_id = ${userId} and s.id > ${after} order by s.id limit ${limit}`,
  },
  {
    file: 'applications.json',
    holds: 'Your applications: the job, your cover letter, the resume you sent (in files/), and every status it had.',
    shape: 'list',
    page: (userId, after, limit) => sql`
      select a.id, j.title as job_title, c.name as company, a.status, a.cover_letter, f.original_name as resume_file,
             ${ts('a.applied_at')} as applied_at, ${ts('a.updated_at')} as updated_at,
             coalesce((select json_agg(json_build_object('status', h.status, 'changed_at', ${ts('h.changed_at')}, 'changed_by', h.changed_by)
                                       order by h.changed_at, h.id)
                       from application_status_history h where h.application_id = a.id), '[]') as status_history
      from applications a
      join jobs j on j.id = a.job_id
      join companies c on c.id = j.company_id
      left join uploaded_files f on f.id = a.resume_file_id
      where a.jobseeker_id = ${userId} and a.id > ${after} order by a.id limit ${limit}`,
  },
  {
    file: 'saved_jobs.json',
    holds: 'The jobs you saved.',
    shape: 'list',
    page: (userId, after, limit) => sql`
      select s.id, s.job_id, j.title as job_title, c.name as company, ${ts('s.saved_at')} as saved_at
      from saved_jobs s join jobs j on j.id = s.job_id join companies c on c.id = j.company_id
      where s.user_id = ${userId} and s.id > ${after} order by s.id limit ${limit}`,
  },
  {
    file: 'alerts.json',
    holds: 'Your job wishes: the preferences (titles, places, kinds of work, pay) that pick your "Jobs for you".',
    shape: 'object',
    page: (userId, after) => sql`
      select p.id, p.job_preferences from jobseeker_profiles p where p.user_id = ${userId} and p.id > ${after}`,
  },
  {
    file: 'job_alerts.json',
    holds: 'Your job alerts: each saved search, how often and how it tells you, whether it is paused, and when it last e-mailed you.',
    shape: 'list',
    page: (userId, after, limit) => sql`
      select a.id, a.name, a.criteria, a.frequency, a.in_app, a.by_email, a.paused, ${ts('a.created_at')} as created_at,
             ${ts('a.last_emailed_at')} as last_emailed_at
      from job_alerts a where a.user_id = ${userId} and a.id > ${after} order by a.id limit ${limit}`,
  },
  {
    file: 'messages.json',
    holds:
      'Your messages, in every conversation you took part in. The other side is named only: for a job seeker the company ' +
      '(and who wrote), for a company member the job seeker; a company member gets the messages they wrote.',
    shape: 'list',
    page: (userId, after, limit) => sql`
      select m.id, m.room_id as conversation_id,
             case when r.jobseeker_id = ${userId} then c.name else js.full_name end as conversation_with,
             case when m.sender_id = ${userId} then 'you' else s.full_name end as from,
             m.content, ${ts('m.created_at')} as sent_at, ${ts('m.read_at')} as read_at
      from chat_messages m
      join chat_rooms r on r.id = m.room_id
      join companies c on c.id = r.company_id
      join users js on js.id = r.jobseeker_id
      left join users s on s.id = m.sender_id
      where (r.jobseeker_id = ${userId} or m.sender_id = ${userId}) and m.id > ${after}
      order by m.id limit ${limit}`,
  },
  {
    file: 'interviews.json',
    holds: 'Your interviews (as the job seeker or the interviewer): when, where, how, their state; the other side by name.',
    shape: 'list',
    page: (userId, after, limit) => sql`
      select i.id, j.title as job_title, c.name as company, i.status,
             ${ts('i.scheduled_time')} as scheduled_time, ${ts('i.end_time')} as end_time, i.time_zone, i.duration_minutes,
             i.mode, i.location, i.meeting_link, i.notes,
             case when i.jobseeker_id = ${userId} then iv.full_name else js.full_name end as with,
             case when i.jobseeker_id = ${userId} then 'job seeker' else 'interviewer' end as your_part,
             ${ts('i.created_at')} as created_at
      from interviews i
      join jobs j on j.id = i.job_id
      join companies c on c.id = i.company_id
      join users iv on iv.id = i.interviewer_id
      join users js on js.id = i.jobseeker_id
      where (i.jobseeker_id = ${userId} or i.interviewer_id = ${userId}) and i.id > ${after}
      order by i.id limit ${limit}`,
  },
  {
    file: 'feedback.json',
    holds: 'The interview feedback shown about you (the feedback you chose to show on your profile).',
    shape: 'list',
    page: (userId, after, limit) => sql`
      select f.id, f.interview_id, c.name as company, f.stage, f.score, f.ratings, f.strengths, f.concerns,
             f.recommendation, f.feedback, ${ts('f.provided_at')} as provided_at
      from interview_feedbacks f
      join interviews i on i.id = f.interview_id
      join companies c on c.id = i.company_id
      where i.jobseeker_id = ${userId} and f.is_approved and f.id > ${after}
      order by f.id limit ${limit}`,
  },
  {
    file: 'notifications.json',
    holds: 'The notifications the portal sent you.',
    shape: 'list',
    page: (userId, after, limit) => sql`
      select n.id, n.type, n.message, n.link, n.is_read, ${ts('n.created_at')} as created_at
      from notifications n where n.user_id = ${userId} and n.id > ${after} order by n.id limit ${limit}`,
  },
  {
    file: 'audit.json',
    holds:
      'Audit log entries about you or made by you. Entries about your account show what changed; for entries about ' +
      'other things (an application, a job) only what was done and when.',
    shape: 'list',
    page: (userId, after, limit) => sql`
      select a.id, ${ts('a.at')} as at, a.action, a.object_type, a.object_id,
             case when a.actor_id = ${userId} then 'you' when a.actor_id is null then 'the system' else 'an administrator' end as by,
             case when about_you then a.before end as before,
             case when about_you then a.after end as after
      from audit_log a,
           lateral (select a.object_type = 'user' and a.object_id = ${String(userId)} as about_you) y
      where (a.actor_id = ${userId} or about_you) and a.id > ${after}
      order by a.id limit ${limit}`,
  },
  {
    file: 'sign_ins.json',
    holds: 'Your sign-in history: each signed-in device, when it started and ended, its browser and address.',
    shape: 'list',
    page: (userId, after, limit) => sql`
      select row_number() over () + ${after} as id, s.*
      from (select ${ts('created_at')} as signed_in_at, ${ts('expires_at')} as expires_at, ${ts('revoked_at')} as ended_at,
                   revoked_reason as ended_because, user_agent, ip
            from auth_sessions where user_id = ${userId} order by created_at, id offset ${after} limit ${limit}) s`,
  },
];

/** A stored file of the person's, for the zip's files/ folder. */
export interface ExportFile {
  id: number;
  name: string;
  contentType: string;
  /** Null for a logo (its row keeps no size). */
  sizeBytes: number | null;
  storageKey: string;
  uploadedAt: string;
  what: string;
}

/** Their uploads (photo, resumes, those sent with applications too) and, for a company's owner, its logo. */
export async function findExportFiles(db: Db, userId: number): Promise<ExportFile[]> {
  return queryRows<ExportFile>(
    db,
    sql`select f.id, f.original_name as "name", f.content_type as "contentType", f.size_bytes as "sizeBytes",
               f.storage_key as "storageKey", ${ts('f.created_at')} as "uploadedAt",
               case when exists (select 1 from jobseeker_profiles p where p.photo_file_id = f.id) then 'profile photo'
                    when exists (select 1 from jobseeker_profiles p where p.resume_file_id = f.id) then 'profile resume'
                    else 'resume sent with an application' end as "what"
        from uploaded_files f where f.owner_id = ${userId}
        union all
        select 0, 'company-logo' || substring(c.logo from '\\.[a-z0-9]+$'),
               case when c.logo like '%.png' then 'image/png' when c.logo like '%.webp' then 'image/webp' else 'image/jpeg' end,
               null, c.logo, ${ts('c.created_at')}, 'logo of ' || c.name
        from companies c join company_members m on m.company_id = c.id and m.role = 'owner'
        where m.user_id = ${userId} and c.logo is not null
        order by 1`,
  );
}

/** One page of a kind's rows. */
export const readPage = (db: Db, kind: ExportKind, userId: number, after: number, limit: number) =>
  queryRows<Record<string, unknown> & { id: number | string }>(db, kind.page(userId, after, limit));
