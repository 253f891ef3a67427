import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';
import { createCompany, createUser } from './factories';

export const demoPassword = 'demo-pass-123';

/** First-start demo data on an empty database; answers whether it seeded. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await createUser(db, { email: 'admin@example.com', fullName: 'Alex Morgan', role: 'admin', password: demoPassword });
  const employer = await createUser(db, { email: 'employer@example.com', fullName: 'Priya Raman', role: 'employer', password: demoPassword });
  await createCompany(db, employer.id, {
    name: 'Northwind Labs',
    isApproved: true,
    industry: 'Software',
    companySize: '51-200',
    description:
      'Northwind Labs builds logistics software that helps 1,200 mid-sized retailers plan deliveries, track fleets and keep promises to their customers.',
    headquartersLocation: 'Berlin, Germany',
    websiteUrl: 'https://northwind.example.com',
    foundedDate: '2014-03-01',
    techStack: ['TypeScript', 'React', 'PostgreSQL', 'Kubernetes'],
  });
  await createUser(db, { email: 'seeker@example.com', fullName: 'Jordan Lee', role: 'jobseeker', password: demoPassword });
  return true;
}
