import type { ApplicationStatus, JobPreferences, WorkExperience } from '@jobportal/shared';
import type { Storage } from '../lib/storage';
import type { DomainEvents } from '../lib/events';
import { notificationsFor } from '../modules/notifications';
import type { Db } from '../db/client';
import { eq } from 'drizzle-orm';
import { companies, notifications } from '../db/schema';
import { makePdf } from './documents';
import { makeAvatarPng } from './pictures';
import {
  createApplication,
  createChatMessage,
  createChatRoom,
  createProfile,
  createSavedJob,
  createUploadedFile,
  createUser,
} from './factories';
import { people, type Person } from './demo-people-data';
import { createRandom, pick, pickSome } from './job-text';

/** A public job of the demo, as the people seed needs it. */
export interface DemoJob {
  id: number;
  title: string;
  companyName: string;
  employerId: number;
  skillNames: string[];
}

// How far the employer got with each applicant: some waiting, some moving, some closed.
const statusPaths: ApplicationStatus[][] = [
  [],
  [],
  ['reviewed'],
  ['reviewed'],
  ['reviewed', 'interview_scheduled'],
  ['reviewed', 'interview_scheduled', 'interviewed'],
  ['reviewed', 'interview_scheduled', 'interviewed', 'offered'],
  ['reviewed', 'rejected'],
  ['rejected'],
  ['withdrawn'],
];

const day = 86_400_000;
const levelFor = (years: number): JobPreferences['experience_level'] =>
  years < 2 ? 'Entry level' : years < 5 ? 'Mid level' : years < 10 ? 'Senior level' : 'Executive';
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.net`;

function resumeLines(person: Person, email: string): string[] {
  return [
    `${person.title} in ${person.city} - ${email}`,
    '',
    `${person.years} years building and shipping products with small, focused teams.`,
    `Skills: ${person.skills.join(', ')}.`,
    '',
    'Experience',
    `- ${person.title}, Brightside GmbH (${new Date().getFullYear() - Math.min(person.years, 3)} - today)`,
    `- ${person.years > 3 ? 'Developer' : 'Intern'}, Northstar Studio`,
    '',
    'Education',
    '- BSc Computer Science',
  ];
}

/** Records the notifications the demo's history would have made, those older than a week read. */
async function seedNotifications(
  db: Db,
  items: Array<
    { at: Date } & (
      | { name: 'application.created'; event: DomainEvents['application.created'] }
      | { name: 'application.status_changed'; event: DomainEvents['application.status_changed'] }
    )
  >,
) {
  const rows = items.flatMap((item) =>
    notificationsFor(item.name, item.event).map((n) => ({ ...n, createdAt: item.at, isRead: item.at.getTime() < Date.now() - 7 * day })),
  );
  if (rows.length) await db.insert(notifications).values(rows);
}

/**
 * seeker@example.com's conversation with the main employer about the job they are interviewing for:
 * a few messages over two days, the employer's last one still unread (with its notice in the bell).
 */
async function seedDemoChat(db: Db, seeker: { id: number; fullName: string }, job: DemoJob, now: number) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.ownerId, job.employerId)).limit(1);
  if (!company) return;
  const room = await createChatRoom(db, {
    jobseekerId: seeker.id,
    companyId: company.id,
    employerId: job.employerId,
    jobId: job.id,
    createdAt: new Date(now - 2 * day),
  });
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3600_000);
  const lines: Array<[fromSeeker: boolean, hoursAgo: number, text: string]> = [
    [
      false,
      47,
      `Hi ${seeker.fullName.split(' ')[0]}, thanks for applying to ${job.title}! Could you tell us when you would be free for a first call this week?`,
    ],
    [true, 46, 'Hello, thank you for getting back to me. Wednesday or Thursday afternoon works well for me.'],
    [false, 25, 'Great, Thursday at 15:00 it is. The call link and the agenda are here: https://meet.example.com/northwind-intro'],
    [true, 24, 'Perfect, see you then.'],
    [false, 1, 'One more thing: could you bring a short example of a data pipeline you built? Nothing confidential, a sketch is fine.'],
  ];
  for (const [fromSeeker, hoursAgo, content] of lines) {
    await createChatMessage(db, {
      roomId: room.id,
      senderId: fromSeeker ? seeker.id : job.employerId,
      fromJobseeker: fromSeeker,
      content,
      createdAt: at(hoursAgo),
      readAt: hoursAgo > 2 ? at(hoursAgo - 0.5) : null,
    });
  }
  await db.insert(notifications).values({
    userId: seeker.id,
    type: 'chat_message',
    message: `New message from ${job.companyName}.`,
    link: `/chat/${room.id}`,
    createdAt: at(1),
  });
}

/**
 * The demo's job seekers: seeker@example.com with a full profile (photo, a real PDF resume),
 * saved jobs and applications in several states with their history; and fifteen more people with
 * profiles who applied to the demo jobs, mostly the main employer's, so applicant lists and
 * dashboard charts are not empty.
 */
export async function seedDemoPeople(
  db: Db,
  storage: Storage,
  options: { password: string; mainJobs: DemoJob[]; otherJobs: DemoJob[] },
): Promise<void> {
  const random = createRandom(31_337);
  const now = Date.now();
  const history: Parameters<typeof seedNotifications>[1] = [];

  async function applyAs(
    seeker: { id: number; fullName: string },
    resumeFileId: number,
    job: DemoJob,
    path: ApplicationStatus[],
    daysAgo: number,
  ) {
    const appliedAt = new Date(now - daysAgo * day);
    const application = await createApplication(db, {
      jobId: job.id,
      jobseekerId: seeker.id,
      resumeFileId,
      path,
      appliedAt,
      employerId: job.employerId,
      coverLetter: `Hello ${job.companyName} team,\n\nI would love to bring my experience to the ${job.title} role. My resume is attached.\n\nBest regards,\n${seeker.fullName}`,
    });
    const facts = {
      applicationId: application.id,
      jobId: job.id,
      jobTitle: job.title,
      companyName: job.companyName,
      jobseekerId: seeker.id,
      jobseekerName: seeker.fullName,
      employerId: job.employerId,
    };
    history.push({ name: 'application.created', event: facts, at: appliedAt });
    const step = Math.min(day, (now - appliedAt.getTime()) / (path.length + 1));
    let from: ApplicationStatus = 'applied';
    path.forEach((to, i) => {
      const by = to === 'withdrawn' ? 'jobseeker' : 'employer';
      const event = { ...facts, from, to, changedBy: by, changedByUserId: by === 'jobseeker' ? seeker.id : job.employerId } as const;
      history.push({ name: 'application.status_changed', event, at: new Date(appliedAt.getTime() + (i + 1) * step) });
      from = to;
    });
  }

  // The main demo job seeker.
  const jordan = await createUser(db, {
    email: 'seeker@example.com',
    fullName: 'Jordan Lee',
    role: 'jobseeker',
    password: options.password,
    // As their browser reported it (employers see "their time" when scheduling).
    timeZone: 'Europe/Berlin',
  });
  const photo = await createUploadedFile(db, storage, jordan.id, {
    name: 'jordan.png',
    contentType: 'image/png',
    data: makeAvatarPng('Jordan Lee'),
    folder: 'photos',
  });
  const resume = await createUploadedFile(db, storage, jordan.id, {
    name: 'Jordan Lee - Resume.pdf',
    contentType: 'application/pdf',
    data: makePdf('Jordan Lee', [
      'Software Engineer in Berlin - seeker@example.com - +49 30 5550 1234',
      '',
      'Six years building web products and data pipelines that people rely on every day.',
      'Skills: TypeScript, React, Node.js, PostgreSQL, Python, SQL, Docker, AWS.',
      '',
      'Experience',
      '- Software Engineer, Lumen Payments, Berlin (2021 - today): checkout and reporting services.',
      '- Junior Developer, Fjord Media, Hamburg (2018 - 2021): publishing tools in React and Node.js.',
      '',
      'Education',
      '- BSc Computer Science, Technische Universitat Berlin (2014 - 2018)',
    ]),
  });
  const workExperience: WorkExperience[] = [
    {
      job_title: 'Software Engineer',
      company_name: 'Lumen Payments',
      company_location: 'Berlin, Germany',
      start_date: '2021-03-01',
      end_date: null,
      description: 'Checkout and reporting services for 3,000 merchants; moved reporting from nightly jobs to streaming.',
      technologies_used: ['TypeScript', 'Node.js', 'PostgreSQL', 'AWS'],
    },
    {
      job_title: 'Junior Developer',
      company_name: 'Fjord Media',
      company_location: 'Hamburg, Germany',
      start_date: '2018-09-01',
      end_date: '2021-02-28',
      description: 'Built the editorial tools used by 120 journalists.',
      technologies_used: ['React', 'JavaScript', 'Docker'],
    },
  ];
  await createProfile(db, jordan.id, {
    phoneNumber: '+49 30 5550 1234',
    dateOfBirth: '1994-06-12',
    bio: 'Full-stack engineer who likes data. I build web products and the pipelines behind them, and I care about clear code and calm on-call weeks.',
    linkedinUrl: 'https://www.linkedin.com/in/jordan-lee-demo',
    portfolioUrl: 'https://jordanlee.example.com',
    currentJobTitle: 'Software Engineer',
    photoFileId: photo.id,
    resumeFileId: resume.id,
    jobPreferences: {
      desired_titles: ['Software Engineer', 'Data Engineer', 'Full-Stack Developer'],
      locations: ['Berlin', 'Amsterdam'],
      is_remote_ok: true,
      employment_types: ['Full-time', 'Contract'],
      experience_level: 'Senior level',
      salary_min: 70_000,
    },
    educations: [
      {
        degree_type: 'Bachelor',
        field_of_study: 'Computer Science',
        institution: 'Technische Universität Berlin',
        location: 'Berlin, Germany',
        start_date: '2014-10-01',
        end_date: '2018-07-31',
        grade_or_gpa: '1.7',
        description: 'Thesis on incremental view maintenance in PostgreSQL.',
      },
    ],
    workExperience,
    skills: [
      { skill_name: 'TypeScript', proficiency_level: 'Expert', years_of_experience: 6 },
      { skill_name: 'React', proficiency_level: 'Advanced', years_of_experience: 5 },
      { skill_name: 'Node.js', proficiency_level: 'Advanced', years_of_experience: 5 },
      { skill_name: 'PostgreSQL', proficiency_level: 'Advanced', years_of_experience: 4 },
      { skill_name: 'Python', proficiency_level: 'Intermediate', years_of_experience: 3 },
      { skill_name: 'SQL', proficiency_level: 'Advanced', years_of_experience: 6 },
      { skill_name: 'Docker', proficiency_level: 'Intermediate', years_of_experience: 3 },
      { skill_name: 'AWS', proficiency_level: 'Intermediate', years_of_experience: 2, certification: 'AWS Certified Developer' },
      { skill_name: 'Communication', proficiency_level: 'Advanced', skill_type: 'Soft' },
    ],
  });
  const jordanPaths: ApplicationStatus[][] = [
    [],
    ['reviewed'],
    ['reviewed', 'interview_scheduled'],
    ['reviewed', 'rejected'],
    ['reviewed', 'interview_scheduled', 'interviewed', 'offered'],
  ];
  const jordanJobs = options.mainJobs.slice(0, jordanPaths.length);
  for (const [i, job] of jordanJobs.entries()) await applyAs(jordan, resume.id, job, jordanPaths[i]!, 2 + i * 4);
  // Another company is reviewing Jordan too (it reads Jordan's profile and the feedback Jordan shows);
  // a third one Jordan withdrew from no longer does.
  if (options.otherJobs[0]) await applyAs(jordan, resume.id, options.otherJobs[0], ['reviewed'], 12);
  const withdrawnFrom = options.otherJobs.find((job) => job.companyName !== options.otherJobs[0]?.companyName);
  if (withdrawnFrom) await applyAs(jordan, resume.id, withdrawnFrom, ['withdrawn'], 14);
  if (jordanJobs[2]) await seedDemoChat(db, jordan, jordanJobs[2], now);
  for (const [i, job] of options.otherJobs.slice(1, 5).entries())
    await createSavedJob(db, jordan.id, job.id, new Date(now - (i + 1) * day));

  // Everyone else.
  for (const [i, person] of people.entries()) {
    const email = emailOf(person.fullName);
    const user = await createUser(db, { email, fullName: person.fullName, role: 'jobseeker', password: options.password });
    const file = await createUploadedFile(db, storage, user.id, {
      name: `${person.fullName} CV.pdf`,
      contentType: 'application/pdf',
      data: makePdf(person.fullName, resumeLines(person, email)),
    });
    const photo = await createUploadedFile(db, storage, user.id, {
      name: `${person.fullName}.png`,
      contentType: 'image/png',
      data: makeAvatarPng(person.fullName),
      folder: 'photos',
    });
    const started = now - person.years * 365 * day;
    await createProfile(db, user.id, {
      currentJobTitle: person.title,
      bio: `${person.title} with ${person.years} year${person.years === 1 ? '' : 's'} of experience, based in ${person.city}.`,
      phoneNumber: `+31 20 555 ${String(1000 + i * 37).slice(0, 4)}`,
      resumeFileId: file.id,
      photoFileId: photo.id,
      jobPreferences: {
        desired_titles: [person.title],
        locations: [person.city],
        is_remote_ok: random() < 0.7,
        employment_types: ['Full-time'],
        experience_level: levelFor(person.years),
        salary_min: Math.round((40_000 + person.years * 7_000) / 1000) * 1000,
      },
      workExperience: [
        {
          job_title: person.title,
          company_name: pick(random, ['Brightside GmbH', 'Northstar Studio', 'Kite Analytics', 'Harbour Health', 'Meadow Retail']),
          company_location: person.city,
          start_date: isoDate(started),
          end_date: null,
          description: '',
          technologies_used: person.skills.slice(0, 3),
        },
      ],
      educations: [
        {
          degree_type: pick(random, ['Bachelor', 'Master'] as const),
          field_of_study: pick(random, ['Computer Science', 'Information Systems', 'Mathematics', 'Design']),
          institution: pick(random, ['University of Amsterdam', 'TU Munich', 'University of Lisbon', 'Sorbonne University', 'KTH']),
          location: null,
          start_date: null,
          end_date: null,
          grade_or_gpa: null,
          description: '',
        },
      ],
      skills: person.skills.map((skill_name, k) => ({
        skill_name,
        proficiency_level: k === 0 ? 'Expert' : k < 3 ? 'Advanced' : 'Intermediate',
        years_of_experience: Math.max(1, person.years - k),
      })),
    });
    // Mostly the main employer's jobs, the ones that fit best first.
    const fits = (job: DemoJob) => job.skillNames.filter((s) => person.skills.includes(s)).length;
    const ranked = [...options.mainJobs].sort((a, b) => fits(b) - fits(a) || a.id - b.id);
    const choices = [...ranked.slice(0, 1 + Math.floor(random() * 2)), ...pickSome(random, options.otherJobs, random() < 0.5 ? 1 : 0)];
    for (const job of new Set(choices)) await applyAs(user, file.id, job, pick(random, statusPaths), 1 + random() * 25);
  }
  await seedNotifications(db, history);
}
