import { employmentTypes, experienceLevels, type FacetValue, type JobFacets } from '@jobportal/shared';
import type { FacetRow } from './job-search.repository';

const postedWithinLabels: Record<string, string> = { '1': 'Past 24 hours', '7': 'Past week', '30': 'Past month' };

/** The facets as the response has them, from counted rows (the fixed ones list every value, the others the values counted, most first). */
export function renderFacets(rows: FacetRow[]): JobFacets {
  const of = (facet: FacetRow['facet']) => rows.filter((r) => r.facet === facet);
  const countOf = (facet: FacetRow['facet'], value: string) => of(facet).find((r) => r.value === value)?.count ?? 0;
  const fixed = (facet: FacetRow['facet'], values: readonly string[], label: (v: string) => string): FacetValue[] =>
    values.map((value) => ({ value, label: label(value), count: countOf(facet, value) }));
  const listed = (facet: FacetRow['facet']): FacetValue[] =>
    of(facet)
      .map(({ value, label, count }) => ({ value, label, count }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return {
    employment_type: fixed('employment_type', employmentTypes, (v) => v),
    experience_level: fixed('experience_level', experienceLevels, (v) => v),
    category: listed('category'),
    skills: listed('skills'),
    location: listed('location'),
    is_remote: fixed('is_remote', ['true', 'false'], (v) => (v === 'true' ? 'Remote' : 'On-site')),
    posted_within: fixed('posted_within', ['1', '7', '30'], (v) => postedWithinLabels[v]!),
  };
}

/** The picked categories or skills (`facet`) that no job counts: missing from its facet list. */
export function pickedMissing(facets: JobFacets, facet: 'category' | 'skills', picked: readonly number[] | undefined): number[] {
  // Most answers pick none: nothing made for them (this runs for each answer a write brings up to date).
  if (!picked?.length) return [];
  return [...new Set(picked)].filter((id) => !facets[facet].some((v) => v.value === String(id)));
}

/**
 * The facets with each picked category or skill that no job counts listed last, with 0, so that it
 * can be unpicked (in the order picked). `nameOf` names it: null when it does not exist (left out),
 * undefined when that is not known (then the facets are not: null).
 */
export function withPicked(
  facets: JobFacets,
  picked: { category?: readonly number[]; skills?: readonly number[] },
  nameOf: (facet: 'category' | 'skills', id: number) => string | null | undefined,
): JobFacets | null {
  const out = { ...facets };
  for (const facet of ['category', 'skills'] as const) {
    const missing = pickedMissing(facets, facet, facet === 'category' ? picked.category : picked.skills);
    if (!missing.length) continue;
    const values = [...facets[facet]];
    for (const id of missing) {
      const label = nameOf(facet, id);
      if (label === undefined) return null;
      if (label !== null) values.push({ value: String(id), label, count: 0 });
    }
    out[facet] = values;
  }
  return out;
}
