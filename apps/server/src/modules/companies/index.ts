// The companies module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { logoUrl } from './companies.presenter';
export { deleteCompany, findCompanyById } from './companies.repository';
export { companyFacts, type CompaniesService } from './companies.service';
