import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import {
  createCategory,
  createCompany,
  createJob,
  createRecruiter,
  createSkill,
  createUser,
  setCompanyLogo,
  type CompanySeed,
} from './factories';
import { makeLogoPng } from './pictures';
import type { Storage } from '../lib/storage';
import { seedDemoAlerts } from './demo-alerts';
import { seedDemoInterviews } from './demo-interviews';
import { seedDemoPipeline } from './demo-pipeline';
import { seedDemoPeople, type DemoJob } from './demo-people';
import { createRandom, demoCategories, demoSkills, generateJob, type CategoryName, type CompanyContext } from './job-text';

export const demoPassword = 'demo-pass-123';

interface DemoCompany extends CompanySeed {
  name: string;
  owner: { email: string; fullName: string };
  pitch: string;
  headquartersLocation: string;
  /** The currency it pays in, which says where it hires (`officesByCurrency`). */
  defaultCurrency: 'EUR' | 'GBP' | 'CAD' | 'USD';
  focus: CategoryName[];
  openJobs: number;
  closedJobs: number;
}

const demoCompanies: DemoCompany[] = [
  {
    name: 'Northwind Labs',
    owner: { email: 'employer@example.com', fullName: 'Priya Raman' },
    isApproved: true,
    industry: 'Software',
    companySize: '51-200',
    description:
      'Northwind Labs builds logistics software that helps 1,200 mid-sized retailers plan deliveries, track fleets and keep promises to their customers.',
    pitch: 'builds logistics software that helps 1,200 mid-sized retailers plan deliveries and keep their promises.',
    headquartersLocation: 'Berlin, Germany',
    defaultCurrency: 'EUR',
    websiteUrl: 'https://northwind.example.com',
    foundedDate: '2014-03-01',
    techStack: ['TypeScript', 'React', 'PostgreSQL', 'Kubernetes'],
    focus: ['Engineering', 'Product', 'Design', 'Data & Analytics'],
    openJobs: 10,
    closedJobs: 2,
  },
  {
    name: 'Bluepeak Analytics',
    owner: { email: 'hiring@bluepeak.example.com', fullName: 'Daan Vermeulen' },
    isApproved: true,
    industry: 'Data & Analytics',
    companySize: '201-500',
    description: 'Bluepeak turns messy operational data into forecasts that planners at 400 manufacturers trust.',
    pitch: 'turns messy operational data into forecasts that planners at 400 manufacturers trust.',
    headquartersLocation: 'Amsterdam, Netherlands',
    defaultCurrency: 'EUR',
    websiteUrl: 'https://bluepeak.example.com',
    foundedDate: '2016-09-15',
    techStack: ['Python', 'Spark', 'dbt', 'Google Cloud'],
    focus: ['Data & Analytics', 'Engineering', 'Sales', 'Customer Success'],
    openJobs: 11,
    closedJobs: 1,
  },
  {
    name: 'Meridian Health',
    owner: { email: 'careers@meridianhealth.example.com', fullName: 'Grace Okafor' },
    isApproved: true,
    industry: 'Healthcare',
    companySize: '1001-5000',
    description: 'Meridian Health runs 40 outpatient clinics and a telehealth service used by 300,000 patients a year.',
    pitch: 'runs 40 outpatient clinics and a telehealth service used by 300,000 patients a year.',
    headquartersLocation: 'Toronto, Canada',
    defaultCurrency: 'CAD',
    websiteUrl: 'https://meridianhealth.example.com',
    foundedDate: '2003-01-20',
    techStack: ['Epic', 'Azure'],
    focus: ['Healthcare', 'Human Resources', 'Operations', 'Finance'],
    openJobs: 11,
    closedJobs: 1,
  },
  {
    name: 'Copperleaf Commerce',
    owner: { email: 'talent@copperleaf.example.com', fullName: 'Oliver Hughes' },
    isApproved: true,
    industry: 'E-commerce',
    companySize: '501-1000',
    description: 'Copperleaf powers the online shops of 9,000 independent brands, from checkout to returns.',
    pitch: 'powers the online shops of 9,000 independent brands, from checkout to returns.',
    headquartersLocation: 'London, United Kingdom',
    defaultCurrency: 'GBP',
    websiteUrl: 'https://copperleaf.example.com',
    foundedDate: '2011-06-01',
    techStack: ['Go', 'React', 'AWS', 'PostgreSQL'],
    focus: ['Marketing', 'Sales', 'Engineering', 'Customer Success', 'Design'],
    openJobs: 11,
    closedJobs: 1,
  },
  {
    name: 'Harbor & Finch',
    owner: { email: 'people@harborfinch.example.com', fullName: 'Samuel Brooks' },
    isApproved: true,
    industry: 'Legal & Financial Services',
    companySize: '201-500',
    description: 'Harbor & Finch advises growing companies on contracts, financing and compliance across North America.',
    pitch: 'advises growing companies on contracts, financing and compliance across North America.',
    headquartersLocation: 'New York, NY',
    defaultCurrency: 'USD',
    websiteUrl: 'https://harborfinch.example.com',
    foundedDate: '1998-04-12',
    techStack: [],
    focus: ['Legal', 'Finance', 'Human Resources'],
    openJobs: 11,
    closedJobs: 1,
  },
  {
    name: 'Tidewater Logistics',
    owner: { email: 'jobs@tidewater.example.com', fullName: 'Maria Alvarez' },
    isApproved: true,
    industry: 'Logistics',
    companySize: '1001-5000',
    description: 'Tidewater moves freight for 2,000 shippers across Texas and the Gulf Coast with a fleet of 900 trucks.',
    pitch: 'moves freight for 2,000 shippers across Texas and the Gulf Coast with a fleet of 900 trucks.',
    headquartersLocation: 'Austin, TX',
    defaultCurrency: 'USD',
    websiteUrl: 'https://tidewater.example.com',
    foundedDate: '1987-10-05',
    techStack: ['Java', 'Oracle', 'Kotlin'],
    focus: ['Operations', 'Engineering', 'Finance', 'Sales'],
    openJobs: 11,
    closedJobs: 1,
  },
  {
    name: 'Quillwork Studio',
    owner: { email: 'studio@quillwork.example.com', fullName: 'Inês Carvalho' },
    isApproved: false,
    industry: 'Design Agency',
    companySize: '11-50',
    description: 'Quillwork designs brands, websites and apps for cultural institutions and young companies.',
    pitch: 'designs brands, websites and apps for cultural institutions and young companies.',
    headquartersLocation: 'Lisbon, Portugal',
    defaultCurrency: 'EUR',
    websiteUrl: 'https://quillwork.example.com',
    foundedDate: '2019-02-01',
    techStack: ['Figma', 'Webflow'],
    focus: ['Design', 'Marketing'],
    openJobs: 3,
    closedJobs: 0,
  },
];

/**
 * The places a company hires in besides its headquarters, by the currency it pays in: a job is paid
 * in its company's currency, so it stands where that currency is the local one (or is remote).
 */
const officesByCurrency: Record<DemoCompany['defaultCurrency'], readonly string[]> = {
  EUR: ['Berlin, Germany', 'Amsterdam, Netherlands', 'Munich, Germany', 'Lisbon, Portugal', 'Remote'],
  GBP: ['London, United Kingdom', 'Manchester, United Kingdom', 'Edinburgh, United Kingdom', 'Remote'],
  CAD: ['Toronto, Canada', 'Vancouver, Canada', 'Montreal, Canada', 'Remote'],
  USD: ['New York, NY', 'San Francisco, CA', 'Austin, TX', 'Chicago, IL', 'Remote'],
};

const day = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** First-start demo data on an empty database (files go to `storage`); answers whether it seeded. */
export async function seedDemo(db: Db, storage: Storage): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await createUser(db, { email: 'admin@example.com', fullName: 'Alex Morgan', role: 'admin', password: demoPassword });

  const categoryIds = new Map<string, number>();
  for (const name of demoCategories) categoryIds.set(name, (await createCategory(db, name)).id);
  const skillIds = new Map<string, number>();
  for (const name of demoSkills) skillIds.set(name, (await createSkill(db, name)).id);

  // Same seed, same jobs: the demo reads the same on every machine (dates are relative to today).
  const random = createRandom(20_240_917);
  const now = Date.now();
  const publicJobs: Array<DemoJob & { ownerEmail: string }> = [];
  for (const [index, { owner, pitch, focus, openJobs, closedJobs, ...details }] of demoCompanies.entries()) {
    const user = await createUser(db, { ...owner, role: 'employer', password: demoPassword });
    const company = await createCompany(db, user.id, details);
    // Each demo company its own mark and colour.
    await setCompanyLogo(db, storage, company.id, makeLogoPng(company.name, { variant: index }));
    // The main demo company has a hiring team: its owner and a recruiter who posted some of its jobs.
    const recruiter =
      owner.email === 'employer@example.com'
        ? await createRecruiter(
            db,
            company.id,
            { email: 'recruiter@example.com', fullName: 'Jordan Blake', password: demoPassword },
            user.id,
          )
        : null;
    const context: CompanyContext = {
      name: company.name,
      industry: company.industry,
      pitch,
      headquarters: details.headquartersLocation,
      offices: officesByCurrency[details.defaultCurrency],
    };
    for (let i = 0; i < openJobs + closedJobs; i++) {
      const job = generateJob(random, context, focus);
      const postedAt = new Date(now - job.postedDaysAgo * day);
      const row = await createJob(db, company.id, {
        ...job,
        categoryIds: job.categoryNames.map((n) => categoryIds.get(n)!),
        skillIds: job.skillNames.map((n) => skillIds.get(n)!),
        applicationDeadline: job.deadlineInDays === null ? null : isoDate(now + job.deadlineInDays * day),
        status: i < openJobs ? 'open' : 'closed',
        postedAt,
        ...(recruiter && i % 3 === 1 ? { postedBy: recruiter.id } : {}),
      });
      if (company.isApproved && row.status === 'open' && (job.deadlineInDays === null || job.deadlineInDays >= 0)) {
        publicJobs.push({
          id: row.id,
          title: row.title,
          companyName: company.name,
          employerId: user.id,
          skillNames: job.skillNames,
          ownerEmail: owner.email,
        });
      }
    }
  }
  await seedDemoPeople(db, storage, {
    password: demoPassword,
    mainJobs: publicJobs.filter((j) => j.ownerEmail === 'employer@example.com'),
    otherJobs: publicJobs.filter((j) => j.ownerEmail !== 'employer@example.com'),
  });
  await seedDemoInterviews(db);
  await seedDemoPipeline(db, storage, demoPassword);
  await seedDemoAlerts(db);
  return true;
}
