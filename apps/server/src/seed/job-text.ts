// size: mostly data (the demo's categories, skills, 30 role templates with their sentences, places, offers), read whole
import type { employmentTypes, experienceLevels } from '@jobportal/shared';

/**
 * Realistic job postings from templates and seeded randomness: the demo seed, the tests and the
 * search benchmark all draw from here, so the same seed always gives the same jobs.
 */

type EmploymentType = (typeof employmentTypes)[number];
type ExperienceLevel = (typeof experienceLevels)[number];

/** A small, fast, seedable random source (mulberry32). */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** `count` different items, in random order. */
export function pickSome<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return chosen;
}

function weighted<T>(random: Random, entries: ReadonlyArray<readonly [T, number]>): T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

export const demoCategories = [
  'Engineering',
  'Data & Analytics',
  'Design',
  'Product',
  'Marketing',
  'Sales',
  'Customer Success',
  'Finance',
  'Human Resources',
  'Operations',
  'Legal',
  'Healthcare',
] as const;
export type CategoryName = (typeof demoCategories)[number];

export const demoSkills = [
  'Python',
  'TypeScript',
  'JavaScript',
  'Java',
  'Go',
  'Rust',
  'C#',
  'Kotlin',
  'Swift',
  'React',
  'Node.js',
  'GraphQL',
  'PostgreSQL',
  'SQL',
  'AWS',
  'Google Cloud',
  'Kubernetes',
  'Docker',
  'Terraform',
  'Linux',
  'CI/CD',
  'Machine Learning',
  'Spark',
  'dbt',
  'Airflow',
  'Tableau',
  'Power BI',
  'Statistics',
  'Data Visualization',
  'Figma',
  'User Research',
  'Prototyping',
  'Accessibility',
  'Design Systems',
  'Product Strategy',
  'Roadmapping',
  'A/B Testing',
  'SEO',
  'Content Marketing',
  'Google Ads',
  'HubSpot',
  'Copywriting',
  'Salesforce',
  'Negotiation',
  'Account Management',
  'Lead Generation',
  'Customer Onboarding',
  'Zendesk',
  'Financial Modeling',
  'Excel',
  'Accounting',
  'FP&A',
  'Payroll',
  'Recruiting',
  'Employee Relations',
  'Supply Chain',
  'Project Management',
  'Lean',
  'Contract Drafting',
  'Compliance',
  'GDPR',
  'Patient Care',
  'Clinical Research',
  'EHR Systems',
  'Communication',
  'Leadership',
] as const;

interface RoleTemplate {
  category: CategoryName;
  jobFunction: string;
  title: string;
  /** Titles by level where the plain "Junior/Senior" prefix would read wrong. */
  titleByLevel?: Partial<Record<ExperienceLevel, string>>;
  variants?: readonly string[];
  skills: readonly string[];
  mission: readonly string[];
  collaborators: string;
  responsibilities: readonly string[];
  qualifications: readonly string[];
  niceToHave: readonly string[];
  /** Base yearly pay at mid level, in whole currency units. */
  basePay: number;
}

const roles: readonly RoleTemplate[] = [
  {
    category: 'Engineering',
    jobFunction: 'Software Development',
    title: 'Backend Engineer',
    titleByLevel: { Executive: 'VP of Engineering' },
    variants: ['Python', 'Go', 'Java', 'Node.js', 'Payments', 'Platform'],
    skills: ['Python', 'Go', 'Java', 'Node.js', 'PostgreSQL', 'AWS', 'Docker', 'Kubernetes', 'GraphQL', 'SQL', 'CI/CD'],
    mission: [
      'design and run the services behind our product',
      'build reliable APIs that thousands of customers depend on every day',
      'scale our core platform as traffic grows tenfold',
    ],
    collaborators: 'product managers, designers and the other engineers of your squad',
    responsibilities: [
      'Design, build and operate backend services and public APIs',
      'Own features from the first sketch to production and beyond',
      'Keep our PostgreSQL databases fast, correct and well indexed',
      'Review code and share what you know with the team',
      'Take part in a humane on-call rotation (one week in eight)',
      'Improve observability: metrics, tracing and useful alerts',
    ],
    qualifications: [
      'Solid experience building web services in a modern language',
      'Good knowledge of relational databases and SQL',
      'Experience with automated testing and continuous delivery',
      'Clear written communication in English',
      'A habit of measuring before optimising',
    ],
    niceToHave: ['Experience with event-driven systems', 'Contributions to open-source projects', 'Knowledge of Kubernetes in production'],
    basePay: 72000,
  },
  {
    category: 'Engineering',
    jobFunction: 'Software Development',
    title: 'Frontend Engineer',
    titleByLevel: { Executive: 'Head of Frontend Engineering' },
    variants: ['React', 'TypeScript', 'Design Systems', 'Growth'],
    skills: ['TypeScript', 'JavaScript', 'React', 'GraphQL', 'Accessibility', 'Design Systems', 'Figma', 'CI/CD'],
    mission: [
      'craft fast, accessible interfaces our customers enjoy using',
      'turn complex workflows into calm, simple screens',
      'build the design system every team ships with',
    ],
    collaborators: 'designers, backend engineers and product managers',
    responsibilities: [
      'Build responsive, accessible user interfaces in React and TypeScript',
      'Work with designers to refine interactions before they are built',
      'Keep the web app fast: bundle size, rendering and caching',
      'Write component and end-to-end tests that catch real problems',
      'Contribute to our shared design system',
    ],
    qualifications: [
      'Strong TypeScript and modern JavaScript',
      'Experience shipping React applications to real users',
      'A good eye for detail, spacing and typography',
      'Understanding of web accessibility (WCAG)',
    ],
    niceToHave: ['Experience with data visualisation', 'Familiarity with GraphQL clients', 'An interest in performance tooling'],
    basePay: 70000,
  },
  {
    category: 'Engineering',
    jobFunction: 'Infrastructure',
    title: 'Site Reliability Engineer',
    titleByLevel: { Executive: 'Director of Infrastructure' },
    variants: ['Kubernetes', 'AWS', 'Observability'],
    skills: ['Kubernetes', 'Terraform', 'AWS', 'Google Cloud', 'Linux', 'Docker', 'Go', 'Python', 'CI/CD'],
    mission: [
      'keep our platform available, fast and affordable',
      'automate the way we build, ship and run software',
      'make production boring in the best sense of the word',
    ],
    collaborators: 'product engineering teams and our security group',
    responsibilities: [
      'Run and evolve our Kubernetes clusters and cloud infrastructure',
      'Manage infrastructure as code with Terraform',
      'Define service level objectives and the alerts behind them',
      'Lead incident reviews that end in concrete improvements',
      'Reduce cloud costs without hurting reliability',
    ],
    qualifications: [
      'Hands-on experience operating production systems on Linux',
      'Experience with Kubernetes, containers and a major cloud provider',
      'Scripting skills in Python, Go or a similar language',
      'Calm under pressure and thorough afterwards',
    ],
    niceToHave: ['Experience with service meshes', 'Knowledge of PostgreSQL operations', 'Security certifications'],
    basePay: 78000,
  },
  {
    category: 'Engineering',
    jobFunction: 'Mobile Development',
    title: 'Mobile Engineer',
    variants: ['iOS', 'Android', 'React Native'],
    skills: ['Swift', 'Kotlin', 'TypeScript', 'React', 'GraphQL', 'CI/CD', 'Accessibility'],
    mission: ['build the mobile apps our customers open every morning', 'bring our product to iOS and Android with care for detail'],
    collaborators: 'designers, backend engineers and our QA specialists',
    responsibilities: [
      'Build and release features for our iOS and Android apps',
      'Keep crash rates low and start-up times short',
      'Automate builds, tests and releases to the app stores',
      'Work with designers on smooth, native-feeling interactions',
    ],
    qualifications: [
      'Experience shipping apps in Swift or Kotlin',
      'Understanding of mobile architecture patterns',
      'Care for performance and battery life',
    ],
    niceToHave: ['Experience with React Native', 'Published apps of your own', 'Knowledge of offline-first design'],
    basePay: 71000,
  },
  {
    category: 'Data & Analytics',
    jobFunction: 'Data Engineering',
    title: 'Data Engineer',
    titleByLevel: { Executive: 'Head of Data' },
    variants: ['Analytics Platform', 'Streaming', 'dbt'],
    skills: ['Python', 'SQL', 'Spark', 'dbt', 'Airflow', 'PostgreSQL', 'AWS', 'Google Cloud', 'Docker'],
    mission: ['build the pipelines that turn raw events into trusted data', 'make high-quality data available to every team'],
    collaborators: 'analysts, data scientists and product engineers',
    responsibilities: [
      'Design and maintain batch and streaming data pipelines',
      'Model data in the warehouse with dbt and clear documentation',
      'Monitor data quality and fix problems at their source',
      'Help analysts answer questions quickly and correctly',
    ],
    qualifications: [
      'Strong SQL and Python',
      'Experience with a modern data warehouse',
      'Experience with orchestration tools such as Airflow',
    ],
    niceToHave: ['Experience with Spark', 'Knowledge of data privacy regulation (GDPR)', 'Experience with event tracking design'],
    basePay: 70000,
  },
  {
    category: 'Data & Analytics',
    jobFunction: 'Data Science',
    title: 'Data Scientist',
    titleByLevel: { Executive: 'Chief Data Officer' },
    variants: ['Machine Learning', 'Pricing', 'Forecasting', 'Experimentation'],
    skills: ['Python', 'Machine Learning', 'Statistics', 'SQL', 'A/B Testing', 'Data Visualization', 'Spark'],
    mission: [
      'use data and machine learning to improve decisions across the company',
      'build models that forecast demand and set fair prices',
    ],
    collaborators: 'product managers, engineers and business leaders',
    responsibilities: [
      'Build, validate and deploy machine learning models',
      'Design and analyse A/B tests with sound statistics',
      'Explain findings clearly to non-technical colleagues',
      'Work with engineers to run models reliably in production',
    ],
    qualifications: [
      'A degree in a quantitative field, or equivalent experience',
      'Strong Python and SQL',
      'Solid grounding in statistics and experimental design',
    ],
    niceToHave: ['Experience with causal inference', 'Publications or talks', 'Experience with time-series forecasting'],
    basePay: 75000,
  },
  {
    category: 'Data & Analytics',
    jobFunction: 'Business Intelligence',
    title: 'Data Analyst',
    titleByLevel: { Executive: 'Director of Analytics' },
    variants: ['Marketing', 'Product', 'Finance'],
    skills: ['SQL', 'Tableau', 'Power BI', 'Excel', 'Statistics', 'Data Visualization', 'Python'],
    mission: ['help every team understand its numbers', 'turn questions into dashboards and dashboards into decisions'],
    collaborators: 'marketing, product and finance teams',
    responsibilities: [
      'Build dashboards and reports that people actually use',
      'Answer ad-hoc questions with careful analysis',
      'Define and document key metrics with their owners',
      'Spot trends and raise them before anyone asks',
    ],
    qualifications: ['Excellent SQL', 'Experience with Tableau, Power BI or Looker', 'Clear storytelling with data'],
    niceToHave: ['Python for analysis', 'Experience in a subscription business', 'Knowledge of dbt'],
    basePay: 58000,
  },
  {
    category: 'Design',
    jobFunction: 'Product Design',
    title: 'Product Designer',
    titleByLevel: { Executive: 'Head of Design' },
    variants: ['Growth', 'Mobile', 'Design Systems', 'B2B'],
    skills: ['Figma', 'User Research', 'Prototyping', 'Accessibility', 'Design Systems', 'Communication'],
    mission: ['shape how people experience our product from sign-up onwards', 'design simple answers to complicated problems'],
    collaborators: 'product managers, engineers and our research team',
    responsibilities: [
      'Own the design of features end to end, from research to release',
      'Create flows, wireframes and high-fidelity prototypes in Figma',
      'Test ideas with users early and often',
      'Contribute to and improve our design system',
    ],
    qualifications: [
      'A portfolio that shows your process, not only results',
      'Strong interaction and visual design skills',
      'Experience working closely with engineers',
    ],
    niceToHave: ['Experience designing for accessibility', 'Basic HTML and CSS', 'Experience in B2B software'],
    basePay: 64000,
  },
  {
    category: 'Design',
    jobFunction: 'Research',
    title: 'UX Researcher',
    titleByLevel: { Executive: 'Director of User Research' },
    skills: ['User Research', 'Statistics', 'Communication', 'Prototyping'],
    mission: ['bring the voice of our customers into every product decision', 'run research that changes what we build'],
    collaborators: 'designers, product managers and customer success',
    responsibilities: [
      'Plan and run interviews, usability tests and surveys',
      'Synthesise findings into clear, actionable insights',
      'Build a research repository that teams can search',
      'Teach others to run lightweight research of their own',
    ],
    qualifications: [
      'Experience with qualitative and quantitative methods',
      'Excellent facilitation and writing skills',
      'Comfort presenting to leadership',
    ],
    niceToHave: ['Experience with accessibility research', 'Background in psychology or HCI'],
    basePay: 62000,
  },
  {
    category: 'Product',
    jobFunction: 'Product Management',
    title: 'Product Manager',
    titleByLevel: { Executive: 'VP of Product', 'Entry level': 'Associate Product Manager' },
    variants: ['Payments', 'Platform', 'Growth', 'Mobile', 'Search'],
    skills: ['Product Strategy', 'Roadmapping', 'A/B Testing', 'User Research', 'SQL', 'Communication', 'Leadership'],
    mission: ['decide what we build next and why', 'lead a cross-functional team to outcomes customers notice'],
    collaborators: 'engineering, design, sales and customer success',
    responsibilities: [
      'Own the roadmap of your product area and explain it well',
      'Talk to customers every week and bring back what you learn',
      'Define success metrics and follow them after launch',
      'Write clear problem statements and acceptance criteria',
      'Make trade-offs openly with engineering and design',
    ],
    qualifications: [
      'Experience as a product manager for a software product',
      'Comfort with data and basic SQL',
      'Strong written and spoken communication',
    ],
    niceToHave: ['A technical background', 'Experience with B2B pricing', 'Experience running experiments'],
    basePay: 76000,
  },
  {
    category: 'Marketing',
    jobFunction: 'Marketing',
    title: 'Growth Marketing Manager',
    titleByLevel: { Executive: 'Chief Marketing Officer', 'Entry level': 'Marketing Coordinator' },
    variants: ['Paid Acquisition', 'Lifecycle', 'SEO'],
    skills: ['SEO', 'Google Ads', 'HubSpot', 'A/B Testing', 'Content Marketing', 'Copywriting', 'Data Visualization'],
    mission: ['grow the number of people who discover and love our product', 'build repeatable acquisition channels'],
    collaborators: 'sales, product and our content team',
    responsibilities: [
      'Plan and run campaigns across paid, organic and lifecycle channels',
      'Own the marketing budget and report on its return',
      'Run experiments on landing pages and onboarding e-mails',
      'Work with sales on lead quality and handover',
    ],
    qualifications: [
      'Experience running performance marketing campaigns',
      'Comfort with analytics tools and spreadsheets',
      'Strong copywriting',
    ],
    niceToHave: ['Experience with HubSpot or Marketo', 'Experience in B2B SaaS', 'Basic SQL'],
    basePay: 60000,
  },
  {
    category: 'Marketing',
    jobFunction: 'Content',
    title: 'Content Marketing Manager',
    titleByLevel: { 'Entry level': 'Content Writer', Executive: 'Head of Content' },
    skills: ['Content Marketing', 'Copywriting', 'SEO', 'Communication', 'HubSpot'],
    mission: [
      'tell our story through articles, guides and videos people want to share',
      'build a content engine that brings in qualified visitors',
    ],
    collaborators: 'product marketing, design and subject experts across the company',
    responsibilities: [
      'Plan an editorial calendar around our customers’ questions',
      'Write and edit articles, guides and case studies',
      'Optimise content for search and measure what works',
      'Interview customers and internal experts',
    ],
    qualifications: ['A portfolio of published writing', 'Understanding of SEO fundamentals', 'Excellent English'],
    niceToHave: ['Video or podcast production experience', 'Knowledge of our industry'],
    basePay: 54000,
  },
  {
    category: 'Sales',
    jobFunction: 'Sales',
    title: 'Account Executive',
    titleByLevel: { 'Entry level': 'Sales Development Representative', Executive: 'VP of Sales' },
    variants: ['Mid-Market', 'Enterprise', 'DACH', 'North America'],
    skills: ['Salesforce', 'Negotiation', 'Lead Generation', 'Account Management', 'Communication', 'HubSpot'],
    mission: ['win new customers and help them succeed from day one', 'grow our business with mid-sized and enterprise customers'],
    collaborators: 'sales development, solutions engineering and customer success',
    responsibilities: [
      'Run the full sales cycle from first call to signed contract',
      'Build a healthy pipeline together with our SDR team',
      'Understand customer problems deeply before proposing solutions',
      'Keep Salesforce accurate so forecasts can be trusted',
    ],
    qualifications: [
      'A track record of meeting or beating quota',
      'Experience selling software to businesses',
      'Excellent negotiation skills',
    ],
    niceToHave: ['Experience selling to logistics or retail companies', 'A second language', 'Experience with MEDDIC'],
    basePay: 62000,
  },
  {
    category: 'Customer Success',
    jobFunction: 'Customer Success',
    title: 'Customer Success Manager',
    titleByLevel: { 'Entry level': 'Customer Support Specialist', Executive: 'VP of Customer Success' },
    variants: ['Enterprise', 'Onboarding', 'SMB'],
    skills: ['Customer Onboarding', 'Account Management', 'Zendesk', 'Salesforce', 'Communication', 'Project Management'],
    mission: ['make sure every customer gets lasting value from our product', 'turn new customers into long-term partners'],
    collaborators: 'sales, support and product teams',
    responsibilities: [
      'Onboard new customers and set them up for success',
      'Hold regular business reviews with key accounts',
      'Spot risks early and act on them',
      'Bring customer feedback to the product team',
    ],
    qualifications: ['Experience in customer success or account management', 'Empathy and patience', 'Structured and reliable follow-up'],
    niceToHave: ['Experience with Zendesk or Gainsight', 'Technical curiosity'],
    basePay: 55000,
  },
  {
    category: 'Finance',
    jobFunction: 'Finance',
    title: 'Financial Analyst',
    titleByLevel: { Executive: 'Chief Financial Officer', 'Senior level': 'Senior FP&A Manager' },
    variants: ['FP&A', 'Revenue', 'Corporate Finance'],
    skills: ['Financial Modeling', 'Excel', 'FP&A', 'Accounting', 'SQL', 'Power BI'],
    mission: ['help leadership make sound financial decisions', 'build the forecasts and models the company plans with'],
    collaborators: 'department heads and the executive team',
    responsibilities: [
      'Build and maintain the company’s financial model',
      'Prepare monthly reporting and variance analysis',
      'Support budgeting and long-range planning',
      'Analyse pricing, margins and unit economics',
    ],
    qualifications: [
      'A degree in finance, economics or accounting',
      'Excellent Excel and financial modelling skills',
      'Attention to detail',
    ],
    niceToHave: ['Experience in a SaaS company', 'CFA or ACCA progress', 'SQL skills'],
    basePay: 62000,
  },
  {
    category: 'Finance',
    jobFunction: 'Accounting',
    title: 'Accountant',
    titleByLevel: { Executive: 'Head of Accounting', 'Senior level': 'Senior Accountant' },
    skills: ['Accounting', 'Excel', 'Payroll', 'Compliance'],
    mission: ['keep our books accurate and our closes on time', 'run a clean, well-documented accounting process'],
    collaborators: 'finance, HR and our external auditors',
    responsibilities: [
      'Run the monthly close and reconcile accounts',
      'Handle accounts payable and receivable',
      'Prepare documents for audits and tax filings',
      'Improve and automate accounting processes',
    ],
    qualifications: ['A qualification in accounting', 'Experience with month-end close', 'Knowledge of local GAAP and IFRS'],
    niceToHave: ['Experience with NetSuite or DATEV', 'Experience in a multi-entity group'],
    basePay: 52000,
  },
  {
    category: 'Human Resources',
    jobFunction: 'Talent Acquisition',
    title: 'Technical Recruiter',
    titleByLevel: { Executive: 'Head of Talent', 'Entry level': 'Recruiting Coordinator' },
    skills: ['Recruiting', 'Communication', 'Employee Relations', 'Project Management'],
    mission: ['find and hire the people who will build our company', 'run a fair, fast and friendly hiring process'],
    collaborators: 'hiring managers across engineering and product',
    responsibilities: [
      'Own hiring for engineering and product roles end to end',
      'Source candidates and build lasting relationships',
      'Coach interviewers and keep feedback timely',
      'Improve our employer brand and candidate experience',
    ],
    qualifications: ['Experience recruiting for technical roles', 'Strong organisation and communication', 'Respect for candidates’ time'],
    niceToHave: ['Experience with Greenhouse', 'Experience hiring internationally'],
    basePay: 55000,
  },
  {
    category: 'Human Resources',
    jobFunction: 'People Operations',
    title: 'People Partner',
    titleByLevel: { Executive: 'Chief People Officer', 'Entry level': 'HR Coordinator' },
    skills: ['Employee Relations', 'Payroll', 'Compliance', 'Communication', 'Leadership'],
    mission: ['help our people grow and our managers lead well', 'build people processes that scale with the company'],
    collaborators: 'managers, finance and the leadership team',
    responsibilities: [
      'Advise managers on performance, growth and difficult conversations',
      'Run performance reviews and compensation cycles',
      'Keep HR policies current and compliant',
      'Support onboarding and offboarding',
    ],
    qualifications: ['Experience as an HR business partner or generalist', 'Knowledge of employment law', 'Sound judgement and discretion'],
    niceToHave: ['Coaching certification', 'Experience in a fast-growing company'],
    basePay: 60000,
  },
  {
    category: 'Operations',
    jobFunction: 'Operations',
    title: 'Operations Manager',
    titleByLevel: { Executive: 'Chief Operating Officer', 'Entry level': 'Operations Associate' },
    variants: ['Fulfilment', 'Business Operations', 'Fleet'],
    skills: ['Supply Chain', 'Project Management', 'Lean', 'Excel', 'Leadership', 'Communication'],
    mission: ['make our daily operations run smoothly and efficiently', 'turn messy processes into simple, measurable ones'],
    collaborators: 'warehouse teams, finance and customer service',
    responsibilities: [
      'Run day-to-day operations and keep service levels high',
      'Find bottlenecks and fix them with data',
      'Manage vendors and negotiate contracts',
      'Lead and develop a team of coordinators',
    ],
    qualifications: ['Experience in operations or logistics', 'Strong analytical and organisational skills', 'Experience leading people'],
    niceToHave: ['Lean or Six Sigma training', 'Experience with warehouse management systems'],
    basePay: 58000,
  },
  {
    category: 'Operations',
    jobFunction: 'Project Management',
    title: 'Project Manager',
    titleByLevel: { Executive: 'Director of Programme Management' },
    variants: ['Implementation', 'IT', 'Construction'],
    skills: ['Project Management', 'Communication', 'Lean', 'Excel', 'Leadership'],
    mission: ['deliver complex projects on time and on budget', 'keep many moving parts aligned and visible'],
    collaborators: 'stakeholders across the business and our partners',
    responsibilities: [
      'Plan projects, budgets and timelines with the teams involved',
      'Track progress and communicate status clearly',
      'Manage risks, dependencies and changes in scope',
      'Run retrospectives and improve how we work',
    ],
    qualifications: [
      'Experience managing projects with several teams',
      'Excellent organisation and communication',
      'Comfort with ambiguity',
    ],
    niceToHave: ['PMP or PRINCE2 certification', 'Experience with agile methods'],
    basePay: 60000,
  },
  {
    category: 'Legal',
    jobFunction: 'Legal',
    title: 'Legal Counsel',
    titleByLevel: { Executive: 'General Counsel', 'Entry level': 'Paralegal' },
    variants: ['Commercial', 'Privacy', 'Employment'],
    skills: ['Contract Drafting', 'Compliance', 'GDPR', 'Negotiation', 'Communication'],
    mission: ['keep the company safe while helping it move fast', 'give practical legal advice the business can act on'],
    collaborators: 'sales, finance, HR and external counsel',
    responsibilities: [
      'Draft, review and negotiate commercial contracts',
      'Advise on data protection and privacy (GDPR)',
      'Keep policies and templates current',
      'Manage external counsel and legal spend',
    ],
    qualifications: ['A law degree and admission to practise', 'Experience with commercial contracts', 'Pragmatic, clear advice'],
    niceToHave: ['In-house experience at a technology company', 'Privacy certification (CIPP/E)'],
    basePay: 80000,
  },
  {
    category: 'Legal',
    jobFunction: 'Compliance',
    title: 'Compliance Officer',
    titleByLevel: { Executive: 'Chief Compliance Officer', 'Entry level': 'Compliance Analyst' },
    skills: ['Compliance', 'GDPR', 'Communication', 'Project Management'],
    mission: ['build a compliance programme that people understand and follow', 'keep us ahead of changing regulation'],
    collaborators: 'legal, finance and engineering',
    responsibilities: [
      'Monitor regulatory changes and assess their impact',
      'Run compliance training for all employees',
      'Prepare for audits and certifications',
      'Investigate and report incidents',
    ],
    qualifications: ['Experience in compliance or risk', 'Knowledge of GDPR and relevant regulation', 'Integrity and clear judgement'],
    niceToHave: ['Experience with ISO 27001 or SOC 2', 'Experience in financial services'],
    basePay: 66000,
  },
  {
    category: 'Healthcare',
    jobFunction: 'Nursing',
    title: 'Registered Nurse',
    titleByLevel: { Executive: 'Director of Nursing', 'Senior level': 'Charge Nurse' },
    variants: ['Telehealth', 'Outpatient Clinic', 'Night Shift'],
    skills: ['Patient Care', 'EHR Systems', 'Communication', 'Compliance'],
    mission: ['give patients safe, compassionate care', 'support patients before and after their appointments'],
    collaborators: 'physicians, care coordinators and our clinical operations team',
    responsibilities: [
      'Assess patients and carry out care plans',
      'Document care accurately in our EHR system',
      'Educate patients and families about treatment',
      'Follow infection control and safety protocols',
    ],
    qualifications: ['A current nursing licence', 'Experience in clinical practice', 'Calm, kind and precise communication'],
    niceToHave: ['Telehealth experience', 'A second language'],
    basePay: 56000,
  },
  {
    category: 'Healthcare',
    jobFunction: 'Clinical Research',
    title: 'Clinical Research Coordinator',
    titleByLevel: { Executive: 'Head of Clinical Operations' },
    skills: ['Clinical Research', 'Compliance', 'EHR Systems', 'Statistics', 'Project Management'],
    mission: ['run clinical studies that meet the highest standards', 'help bring new treatments to patients safely'],
    collaborators: 'investigators, data managers and sponsors',
    responsibilities: [
      'Coordinate study visits and patient enrolment',
      'Keep study documentation complete and audit-ready',
      'Report adverse events on time',
      'Work with sponsors and monitors',
    ],
    qualifications: ['Experience coordinating clinical trials', 'Knowledge of GCP guidelines', 'Excellent organisation'],
    niceToHave: ['A background in life sciences', 'Experience with electronic data capture systems'],
    basePay: 54000,
  },
];

export const demoLocations = [
  'Berlin, Germany',
  'London, United Kingdom',
  'Amsterdam, Netherlands',
  'New York, NY',
  'San Francisco, CA',
  'Toronto, Canada',
  'Austin, TX',
  'Lisbon, Portugal',
  'Remote',
] as const;

const levelPrefix: Record<ExperienceLevel, string> = {
  'Entry level': 'Junior ',
  'Mid level': '',
  'Senior level': 'Senior ',
  Executive: 'Head of ',
};
const levelPay: Record<ExperienceLevel, number> = { 'Entry level': 0.7, 'Mid level': 1, 'Senior level': 1.4, Executive: 2.1 };
const levelYears: Record<ExperienceLevel, string> = {
  'Entry level': 'Up to two years of experience, or a strong internship',
  'Mid level': 'Three or more years of relevant experience',
  'Senior level': 'Six or more years of relevant experience, including leading projects',
  Executive: 'Ten or more years of experience, several of them leading teams and budgets',
};

const offers = [
  'We offer a learning budget, modern equipment and 28 days of paid holiday.',
  'You get a yearly training budget, flexible hours and a home-office allowance.',
  'We pay fairly and openly: every salary follows our published pay bands.',
  'Parents get sixteen weeks of paid leave, whatever their gender.',
  'We meet in person twice a year for planning, good food and a few long walks.',
  'Our hiring process has four steps and we answer every application within a week.',
  'Everyone gets company equity and a mental health allowance.',
];

const teamLines = [
  'You will join a team of {n} people who care about doing things properly.',
  'The team is small ({n} people), senior and friendly, and ships every week.',
  'You will work in a cross-functional squad of {n} with a lot of autonomy.',
  'Our team of {n} values written communication, calm focus and honest feedback.',
];

export interface CompanyContext {
  name: string;
  industry: string | null;
  /** One sentence about what the company does. */
  pitch: string;
  headquarters: string;
  /**
   * Where else it hires (a place, or 'Remote'); by default every demo location. The demo gives each
   * company the places that pay in its currency, so no job in New York is paid in Canadian dollars.
   */
  offices?: readonly string[];
}

export interface GeneratedJob {
  title: string;
  description: string;
  responsibilities: string;
  qualifications: string;
  niceToHave: string;
  location: string;
  isRemote: boolean;
  salaryMin: number | null;
  salaryMax: number | null;
  employmentType: EmploymentType;
  experienceLevel: ExperienceLevel;
  jobFunction: string;
  categoryNames: CategoryName[];
  skillNames: string[];
  /** How long ago it was posted, in days (fractional). */
  postedDaysAgo: number;
  /** Deadline in days from today, or null for none. */
  deadlineInDays: number | null;
}

const bullets = (lines: string[]) => lines.map((l) => `- ${l}`).join('\n');
const withArticle = (title: string) => `${/^([AEIOU]|HR\b)/.test(title) ? 'an' : 'a'} ${title}`;

function titleFor(role: RoleTemplate, level: ExperienceLevel, random: Random): string {
  const special = role.titleByLevel?.[level];
  if (special) return special;
  const variant = role.variants && random() < 0.45 ? ` (${pick(random, role.variants)})` : '';
  if (level === 'Executive') return `Head of ${role.category}`;
  return `${levelPrefix[level]}${role.title}${variant}`;
}

function salaryFor(role: RoleTemplate, level: ExperienceLevel, type: EmploymentType, random: Random): [number | null, number | null] {
  if (random() < 0.15) return [null, null];
  let base = role.basePay * levelPay[level] * (0.85 + random() * 0.35);
  if (type === 'Internship') base = 18000 + random() * 12000;
  if (type === 'Part-time') base *= 0.55;
  const min = Math.round(base / 1000) * 1000;
  const max = Math.round((base * (1.15 + random() * 0.25)) / 1000) * 1000;
  if (random() < 0.08) return [min, null];
  return [min, max];
}

/** Categories whose roles a company hires for, when it has a focus (an empty list means any). */
export function generateJob(random: Random, company: CompanyContext, focus: readonly CategoryName[] = []): GeneratedJob {
  const candidates = focus.length ? roles.filter((r) => focus.includes(r.category)) : roles;
  const role = pick(random, candidates.length ? candidates : roles);
  const employmentType = weighted<EmploymentType>(random, [
    ['Full-time', 66],
    ['Part-time', 8],
    ['Contract', 11],
    ['Temporary', 4],
    ['Internship', 6],
    ['Freelance', 5],
  ]);
  const experienceLevel: ExperienceLevel =
    employmentType === 'Internship'
      ? 'Entry level'
      : weighted<ExperienceLevel>(random, [
          ['Entry level', 20],
          ['Mid level', 42],
          ['Senior level', 30],
          ['Executive', 8],
        ]);
  const title = employmentType === 'Internship' ? `${role.jobFunction} Intern` : titleFor(role, experienceLevel, random);
  const location = random() < 0.4 ? company.headquarters : pick(random, company.offices ?? demoLocations);
  const isRemote = location === 'Remote' || random() < 0.2;
  // "our Edinburgh office", not "our Edinburgh, United Kingdom office".
  const city = location.split(',')[0]!;
  const [salaryMin, salaryMax] = salaryFor(role, experienceLevel, employmentType, random);
  const skillNames = pickSome(random, role.skills, 3 + Math.floor(random() * 3));
  const teamSize = 4 + Math.floor(random() * 9);

  const paragraphs = [
    `${company.name} ${company.pitch} We are hiring ${withArticle(title)} to ${pick(random, role.mission)}.`,
    `In this role you will work closely with ${role.collaborators}. ${pick(random, teamLines).replace('{n}', String(teamSize))} ` +
      // Skills are tools and abilities alike ("use Accessibility" reads wrong): named as skills.
      `The skills you will draw on most are ${skillNames.slice(0, -1).join(', ')} and ${skillNames[skillNames.length - 1]}.`,
    `${isRemote ? (location === 'Remote' ? 'This is a fully remote position; we work across European and American time zones.' : `You can work remotely or from our office in ${city}.`) : `The role is based in our ${city} office, with two flexible days a week at home.`} ${pickSome(random, offers, 2).join(' ')}`,
  ];
  if (random() < 0.5)
    paragraphs.push(
      `${employmentType === 'Full-time' ? 'This is a permanent, full-time position.' : `This is a ${employmentType.toLowerCase()} position.`} If you are not sure you meet every requirement, apply anyway: we care more about how you think than about a checklist.`,
    );

  return {
    title,
    description: paragraphs.join('\n\n'),
    responsibilities: bullets(pickSome(random, role.responsibilities, 4)),
    qualifications: bullets([levelYears[experienceLevel], ...pickSome(random, role.qualifications, 3)]),
    niceToHave: bullets(pickSome(random, role.niceToHave, 2)),
    location,
    isRemote,
    salaryMin,
    salaryMax,
    employmentType,
    experienceLevel,
    jobFunction: role.jobFunction,
    categoryNames: random() < 0.25 && role.category !== 'Operations' ? [role.category, 'Operations'] : [role.category],
    skillNames,
    postedDaysAgo: Math.pow(random(), 1.6) * 45,
    deadlineInDays: random() < 0.55 ? 14 + Math.floor(random() * 80) : null,
  };
}
