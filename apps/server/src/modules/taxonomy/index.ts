// The taxonomy module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { findTaxonomyNames, findUnknownTaxonomyIds } from './taxonomy.repository';
