import type { CompanyInput, CompanyOut } from '@jobportal/shared';
import { currencyOfLocale } from '../../../lib/money';

/** The company form as the fields hold it: text boxes hold strings, empty means "not given". */
export type CompanyFormValues = {
  name: string;
  website_url: string;
  industry: string;
  company_size: string | null;
  founded_date: string;
  description: string;
  headquarters_location: string;
  tech_stack: string[];
  /** ISO 4217: what the company's jobs pay in unless a job says otherwise. */
  default_currency: string;
};

export const emptyCompanyForm: CompanyFormValues = {
  name: '',
  website_url: '',
  industry: '',
  company_size: null,
  founded_date: '',
  description: '',
  headquarters_location: '',
  tech_stack: [],
  // A new company most likely pays in the employer's own country's currency.
  default_currency: currencyOfLocale(),
};

export function companyFormValuesOf(company: CompanyOut): CompanyFormValues {
  return {
    name: company.name,
    website_url: company.website_url ?? '',
    industry: company.industry ?? '',
    company_size: company.company_size,
    founded_date: company.founded_date ?? '',
    description: company.description,
    headquarters_location: company.headquarters_location ?? '',
    tech_stack: company.tech_stack,
    default_currency: company.default_currency,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** What the API takes (companyInput): empty optional fields as null. */
export function toCompanyInput(values: CompanyFormValues): CompanyInput {
  return {
    name: values.name.trim(),
    website_url: orNull(values.website_url),
    industry: orNull(values.industry),
    company_size: (values.company_size || null) as CompanyInput['company_size'],
    founded_date: values.founded_date || null,
    description: values.description.trim(),
    headquarters_location: orNull(values.headquarters_location),
    tech_stack: values.tech_stack.map((tech) => tech.trim()).filter(Boolean),
    default_currency: values.default_currency,
  };
}
