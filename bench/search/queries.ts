/** The benchmark's mix of searches, as a job seeker would type them (query strings of GET /api/jobs/). */
export interface BenchQuery {
  kind: 'word' | 'phrase' | 'typo' | 'filter' | 'browse';
  query: string;
  /** For word searches: the word the naive ILIKE comparison looks for. */
  ilike?: string;
}

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const benchQueries: BenchQuery[] = [
  { kind: 'word', query: q({ search: 'engineer' }), ilike: 'engineer' },
  { kind: 'word', query: q({ search: 'python' }), ilike: 'python' },
  { kind: 'word', query: q({ search: 'nurse' }), ilike: 'nurse' },
  { kind: 'word', query: q({ search: 'manager' }), ilike: 'manager' },
  { kind: 'word', query: q({ search: 'kubernetes' }), ilike: 'kubernetes' },
  { kind: 'word', query: q({ search: 'accountant' }), ilike: 'accountant' },
  { kind: 'word', query: q({ search: 'designer' }), ilike: 'designer' },
  { kind: 'word', query: q({ search: 'data analyst' }) },
  { kind: 'word', query: q({ search: 'senior python engineer' }) },
  { kind: 'phrase', query: q({ search: '"machine learning"' }) },
  { kind: 'phrase', query: q({ search: '"customer success"' }) },
  { kind: 'phrase', query: q({ search: '"product managers" remote' }) },
  { kind: 'typo', query: q({ search: 'pyhton' }) },
  { kind: 'typo', query: q({ search: 'kubernets' }) },
  { kind: 'typo', query: q({ search: 'acountant' }) },
  { kind: 'typo', query: q({ search: 'desginer' }) },
  { kind: 'filter', query: q({ search: 'engineer', location: 'Berlin' }) },
  { kind: 'filter', query: q({ search: 'python', is_remote: 'true' }) },
  { kind: 'filter', query: q({ search: 'manager', employment_type: 'Full-time', experience_level: 'Senior level' }) },
  { kind: 'filter', query: q({ search: 'sales', salary_min: '60000', salary_max: '90000', currency: 'USD', sort: 'salary' }) },
  { kind: 'filter', query: q({ salary_min: '80000', salary_max: '120000', currency: 'USD' }) },
  { kind: 'filter', query: q({ category: '1', sort: 'newest' }) },
  { kind: 'filter', query: q({ skills: '1,2', posted_within: '7' }) },
  { kind: 'browse', query: '' },
  { kind: 'browse', query: q({ sort: 'salary', page: '3' }) },
];
