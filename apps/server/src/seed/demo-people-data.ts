// The demo's job seekers: names, titles, skills and places, read by demo-people.ts.

export interface Person {
  fullName: string;
  title: string;
  skills: string[];
  city: string;
  years: number;
}

// Job seekers who applied to the demo employers' jobs; their profiles read like real ones.
export const people: Person[] = [
  {
    fullName: 'Amara Okoye',
    title: 'Frontend Developer',
    skills: ['TypeScript', 'React', 'Accessibility', 'Figma'],
    city: 'Berlin',
    years: 4,
  },
  { fullName: 'Lukas Becker', title: 'Backend Engineer', skills: ['Go', 'PostgreSQL', 'Kubernetes', 'Docker'], city: 'Munich', years: 7 },
  { fullName: 'Sofia Marquez', title: 'Data Analyst', skills: ['SQL', 'Tableau', 'Python', 'Statistics'], city: 'Madrid', years: 3 },
  {
    fullName: 'Chen Wei',
    title: 'Machine Learning Engineer',
    skills: ['Python', 'Machine Learning', 'Spark', 'AWS'],
    city: 'Amsterdam',
    years: 5,
  },
  {
    fullName: 'Hannah Schmidt',
    title: 'Product Designer',
    skills: ['Figma', 'User Research', 'Prototyping', 'Design Systems'],
    city: 'Hamburg',
    years: 6,
  },
  { fullName: 'Omar Haddad', title: 'DevOps Engineer', skills: ['Terraform', 'AWS', 'CI/CD', 'Linux'], city: 'Berlin', years: 8 },
  {
    fullName: 'Priya Nair',
    title: 'Full-Stack Developer',
    skills: ['TypeScript', 'Node.js', 'React', 'GraphQL'],
    city: 'London',
    years: 5,
  },
  {
    fullName: 'Mateo Rossi',
    title: 'Product Manager',
    skills: ['Product Strategy', 'Roadmapping', 'A/B Testing', 'SQL'],
    city: 'Milan',
    years: 9,
  },
  {
    fullName: 'Emily Clarke',
    title: 'QA Engineer',
    skills: ['TypeScript', 'CI/CD', 'JavaScript', 'Communication'],
    city: 'Manchester',
    years: 4,
  },
  { fullName: 'Yuki Tanaka', title: 'Data Engineer', skills: ['Python', 'Airflow', 'dbt', 'SQL'], city: 'Amsterdam', years: 6 },
  { fullName: 'Noah Fischer', title: 'Software Engineer', skills: ['Java', 'Kotlin', 'PostgreSQL', 'Docker'], city: 'Vienna', years: 3 },
  {
    fullName: 'Zanele Dlamini',
    title: 'UX Researcher',
    skills: ['User Research', 'Accessibility', 'Communication', 'Figma'],
    city: 'Lisbon',
    years: 5,
  },
  { fullName: 'Isabel Costa', title: 'Junior Developer', skills: ['JavaScript', 'React', 'Node.js', 'SQL'], city: 'Porto', years: 1 },
  {
    fullName: 'Daniel Novak',
    title: 'Site Reliability Engineer',
    skills: ['Kubernetes', 'Go', 'Linux', 'Google Cloud'],
    city: 'Prague',
    years: 10,
  },
  {
    fullName: 'Fatima Zahra',
    title: 'Analytics Engineer',
    skills: ['dbt', 'SQL', 'Data Visualization', 'Power BI'],
    city: 'Paris',
    years: 4,
  },
];
