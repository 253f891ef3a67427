import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ---- The web's contract, as lint rules (docs/decisions/010-web-contract.md) ----
// Read from the sources at lint time, so a new list, type or feature is covered without editing this file.
const here = path.dirname(fileURLToPath(import.meta.url));
const read = (file) => fs.readFileSync(path.join(here, file), 'utf8');
const sharedSources = (dir) =>
  fs
    .readdirSync(path.join(here, dir), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? sharedSources(path.join(dir, entry.name))
        : entry.name.endsWith('.ts')
          ? [read(path.join(dir, entry.name))]
          : [],
    );
const namesOf = (sources, pattern) => [...new Set(sources.flatMap((source) => [...source.matchAll(pattern)].map((match) => match[1])))];
// esquery's regular expressions cannot hold a "/": "image/jpeg" is matched as "image.jpeg".
const anyOf = (words) => `/^(${words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('/', '.')).join('|')})$/`;

const vocabularyFiles = [
  ...['errors', 'limits', 'files'].map((name) => read(`packages/shared/src/${name}.ts`)),
  ...sharedSources('packages/shared/src/vocabulary'),
];
/** Every type the shared package exports: the web imports these, it never declares its own. */
const sharedTypeNames = namesOf(sharedSources('packages/shared/src'), /export (?:type|interface) (\w+)/g);
/** Every value of the zod-free entry: lists, labels, guards, limits, upload rules. */
const vocabularyValueNames = namesOf(vocabularyFiles, /export (?:const|function) (\w+)/g);
/** The words of the contract's value lists (`[...] as const`) and the upload content types. */
const vocabularyLists = [...vocabularyFiles.join('\n').matchAll(/export const (\w+) = \[([^\]]*)\] as const/g)].map(([, name, body]) => ({
  name,
  words: [...body.matchAll(/'([^']*)'/g)].map((match) => match[1]),
}));
const contentTypes = namesOf([read('packages/shared/src/files.ts')], /'(\w+\/[^']+)':/g);
const listWords = [...new Set([...vocabularyLists.flatMap((list) => list.words), ...contentTypes])];
// Route rules name roles as data (who may open a screen): a list of roles is not a copy.
const roleWords = vocabularyLists.find((list) => list.name === 'roles')?.words ?? [];
const arrayWords = listWords.filter((word) => !roleWords.includes(word));

const copyOfContract = [
  {
    selector: `:matches(TSTypeAliasDeclaration, TSInterfaceDeclaration)[id.name=${anyOf(sharedTypeNames)}]`,
    message: 'This type is defined in @jobportal/shared: `import type` it from there instead of declaring a copy.',
  },
  {
    // Module level only: a local `postedWithin` holding one value is not a copy of the list.
    selector: [
      `:matches(Program, ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator[id.name=${anyOf(vocabularyValueNames)}]`,
      `:matches(Program, ExportNamedDeclaration) > FunctionDeclaration[id.name=${anyOf(vocabularyValueNames)}]`,
    ].join(', '),
    message: 'This value is defined in @jobportal/shared/vocabulary: import it from there instead of declaring a copy.',
  },
  {
    selector: `ArrayExpression > Literal[value=${anyOf(arrayWords)}] + Literal[value=${anyOf(arrayWords)}]`,
    message: "A list of the contract's values: import the list from @jobportal/shared/vocabulary instead of repeating it.",
  },
  {
    selector: `TSUnionType > TSLiteralType[literal.value=${anyOf(listWords)}] + TSLiteralType[literal.value=${anyOf(listWords)}]`,
    message: "A union of the contract's values: import its type from @jobportal/shared instead of repeating it.",
  },
];

/** Values come from the zod-free entry, so zod stays out of the screens that only need words and limits. */
const vocabularyFromItsEntry = {
  name: '@jobportal/shared',
  importNames: vocabularyValueNames,
  allowTypeImports: true,
  message: "Import the contract's values from '@jobportal/shared/vocabulary' (no zod); '@jobportal/shared' is for zod schemas and types.",
};
const restrictImports = (patterns = []) => ['error', { paths: [vocabularyFromItsEntry], patterns }];

const webSrc = 'apps/web/src';
const features = fs
  .readdirSync(path.join(here, webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureMessage =
  "A feature imports no other feature (bulletproof-react): only another feature's endpoint file (features/<module>/api/) is shared; " +
  'move what several features use to components/ or lib/.';
/**
 * features/X may import features/Y/api/* (the endpoint file of server module Y) and nothing else of Y.
 * Imports are relative, so the rule is written per feature and per folder depth: from
 * features/X/<d folders>/file.ts, d + 1 "../" reach features/.
 */
const featureBoundaries = features.flatMap((feature) =>
  [0, 1, 2, 3].map((depth) => ({
    files: [`${webSrc}/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictImports([
        { regex: `^(\\.\\./){${depth + 1}}(?!${feature}/|\\.\\./)[^/]+/(?!api/)`, message: featureMessage },
        { regex: `(^|/)features/(?!${feature}/)[^/]+/(?!api/)`, message: featureMessage },
      ]),
    },
  })),
);

// ---- The server's layers (docs/architecture.md, "Layers") ----
// routes -> services -> repositories -> db; presenters beside the repositories. A module
// (modules/<name>/) uses another only through its public index (modules/<name>/index.ts) or through
// domain events (lib/events.ts); the seed and realtime/ sit above the modules and use the same indexes;
// db/ and lib/ are below every module. Imports are relative, so the patterns read their paths.
// Each file kind gets its whole list in one block: a later block's options replace an earlier one's.
const serverSrc = 'apps/server/src';
const serverTests = [`${serverSrc}/**/*.test.ts`, `${serverSrc}/test/**`];
const layerRule = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });
const internalsMessage =
  "Another module's internals: import from its public index (modules/<module>/index.ts) or listen to its events (lib/events.ts).";
/** From a module: ../<module>/<file>. From seed/ or realtime/: ../modules/<module>/<file>. */
const intoModuleInternals = { regex: '^\\.\\./[^./][^/]*/.+', message: internalsMessage };
const fromAboveIntoModuleInternals = { regex: '(^|/)modules/[^/]+/.+', message: internalsMessage };
const intoSeed = { regex: '(^|/)seed(/|$)', message: 'The seed sits above the modules: module code imports no seed code (tests may).' };
const intoModules = (who) => ({
  regex: '(^|/)(modules|seed)(/|$)',
  message: `${who} is below the modules: it imports no module or seed code.`,
});
const belowServices = {
  regex: '\\.(service|routes)$|(^|/)[^/]*cache$',
  message: 'A repository or presenter imports no service, route or cache code: the service calls it, not the other way round.',
};
const routesAboveServices = [
  { regex: '\\.repository$', message: 'A route calls its service, never a repository: routes -> services -> repositories.' },
  { regex: '(^|/)db/', allowTypeImports: true, message: 'A route reaches the database only through its service (types may be imported).' },
];
const servicesBelowRoutes = { regex: '\\.routes$', message: 'A service imports no routes: routes call services.' };
const serverLayers = [
  { files: [`${serverSrc}/modules/**/*.ts`], ignores: serverTests, rules: layerRule(intoModuleInternals, intoSeed) },
  {
    files: [`${serverSrc}/modules/**/*.routes.ts`],
    ignores: serverTests,
    rules: layerRule(intoModuleInternals, intoSeed, ...routesAboveServices),
  },
  {
    files: [`${serverSrc}/modules/**/*.service.ts`],
    ignores: serverTests,
    rules: layerRule(intoModuleInternals, intoSeed, servicesBelowRoutes),
  },
  {
    files: [`${serverSrc}/modules/**/*.{repository,presenter}.ts`],
    ignores: serverTests,
    rules: layerRule(intoModuleInternals, intoSeed, belowServices),
  },
  { files: [`${serverSrc}/{seed,realtime}/**/*.ts`], ignores: serverTests, rules: layerRule(fromAboveIntoModuleInternals) },
  { files: [`${serverSrc}/db/**/*.ts`], ignores: serverTests, rules: layerRule(intoModules('db/')) },
  { files: [`${serverSrc}/{lib,policies}/**/*.ts`], ignores: serverTests, rules: layerRule(intoModules('lib/ and policies/')) },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/.tmp/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // The web's contract (docs/decisions/010-web-contract.md).
  {
    files: [`${webSrc}/**/*.{ts,tsx}`],
    rules: { '@typescript-eslint/no-restricted-imports': restrictImports() },
  },
  {
    files: [`${webSrc}/**/*.{ts,tsx}`],
    // Test data spells values out on purpose.
    ignores: [`${webSrc}/**/*.test.{ts,tsx}`, `${webSrc}/test/**`],
    rules: { 'no-restricted-syntax': ['error', ...copyOfContract] },
  },
  {
    files: [`${webSrc}/components/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictImports([
        {
          regex: '(^|/)features/[^/]+/(?!api/)',
          message: 'Shared components may use an endpoint file (features/<module>/api/), nothing else of a feature.',
        },
      ]),
    },
  },
  {
    files: [`${webSrc}/lib/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictImports([
        { regex: '(^|/)features/', message: 'lib/ holds what every feature uses; it imports no feature.' },
      ]),
    },
  },
  ...featureBoundaries,
  ...serverLayers,
);
