import '../../../components/extra-styles';
import { SimpleGrid } from '@mantine/core';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { TaxonomyPanel } from '../components/taxonomy-panel';

/** #/admin/taxonomy (admin): the job categories and skills employers pick from. */
export function AdminTaxonomyScreen() {
  usePageTitle('Categories and skills');
  return (
    <Page>
      <PageHeader title="Categories and skills" description="Employers tag their jobs with these; job seekers filter by them." />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <TaxonomyPanel kind="category" title="Categories" noun="category" />
        <TaxonomyPanel kind="skill" title="Skills" noun="skill" />
      </SimpleGrid>
    </Page>
  );
}
