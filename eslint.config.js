import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

// Test files and their support: they may import what they test, wherever it lives.
const TEST_FILES = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.test-support.ts',
  '**/*.test-support.tsx',
  'tests/**',
];

// React and the libraries built on it: never in machines, the engine or the server.
const REACT_PACKAGES = {
  group: ['react', 'react/*', 'react-*', '@xstate/react', '@rjsf/*', 'swr', 'swr/*'],
  message: 'React (and @xstate/react, @rjsf, swr, react-router) belongs in views, not here (DESIGN.md).',
};

// Reading swr's cache by its key: the data belongs to swr, a flow receives it as input or an event.
const SWR_CACHE_MESSAGE =
  "swr's cache is swr's: pass the data to the machine as input or an event (decision 027).";
const SWR_CACHE_IMPORT = { name: 'swr', importNames: ['unstable_serialize'], message: SWR_CACHE_MESSAGE };
const SWR_CACHE_READS = [
  {
    selector:
      "VariableDeclarator[init.callee.name='useSWRConfig'] > ObjectPattern > Property[key.name='cache']",
    message: SWR_CACHE_MESSAGE,
  },
  {
    selector: "MemberExpression[object.callee.name='useSWRConfig'][property.name='cache']",
    message: SWR_CACHE_MESSAGE,
  },
];

// One zone per feature: a feature imports no other feature (a new feature folder is covered as it
// appears).
const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `src/features/${name}`,
  from: 'src/features',
  except: [`./${name}`],
  message: 'A feature never imports another feature: share through src/ui, src/domain or the app.',
}));

// The import directions of DESIGN.md ("The shape"), on production code.
const boundaryZones = [
  ...featureZones,
  {
    target: 'src/features',
    from: ['src/app', 'src/api', 'src/devtools', 'server'],
    message:
      'A feature receives data, the inspector and actions from src/app (props or context); it never imports the app, the API or devtools.',
  },
  {
    target: 'src/machines',
    from: ['src/api', 'src/app', 'src/features', 'src/ui', 'src/devtools', 'server'],
    message: 'Machines are pure: effects are named actors the app provides, never the API or views.',
  },
  {
    target: 'src/engine',
    from: 'src',
    except: ['./engine', './generated', './domain'],
    message: 'The engine imports only the engine, src/domain and src/generated.',
  },
  {
    target: 'src/engine',
    from: ['server', 'scripts', 'tests', 'config'],
    message: 'The engine imports only the engine, src/domain and src/generated.',
  },
  {
    target: 'src/domain',
    from: 'src',
    except: ['./domain', './generated'],
    message: 'src/domain is pure shared rules: it imports only src/generated.',
  },
  {
    target: 'src/domain',
    from: ['server', 'scripts', 'tests'],
    message: 'src/domain is pure shared rules: it imports only src/generated.',
  },
  {
    target: 'server',
    from: 'src',
    except: ['./domain', './engine', './generated'],
    message: 'The server imports only pure shared code from src: src/domain, src/engine and src/generated.',
  },
  {
    target: 'src',
    from: ['server', 'scripts'],
    message: 'Client code never imports the server or the build scripts: it talks to the server over HTTP.',
  },
  // The server is layered routes → services → db: HTTP handling (routes) sits on the rules and data
  // access (services), which sit on the database; the sandbox and the seed call services.
  {
    target: ['server/services', 'server/sandbox', 'server/seed', 'server/db'],
    from: 'server/routes',
    message:
      'Only the HTTP layer imports server/routes: services, the sandbox, the seed and the database call services (routes → services → db).',
  },
  {
    target: 'server/db',
    from: 'server/services',
    message: 'The database layer never imports services (routes → services → db).',
  },
  // The sandbox (stand-ins for the provider's SMS, gateway and test platform) and the seed (demo
  // data) sit beside the product: they call services; services, auth and the database never need
  // them, and a migration carries its own data (decision 039).
  {
    target: ['server/services', 'server/auth', 'server/db'],
    from: ['server/sandbox', 'server/seed'],
    message:
      'Services, auth and the database never import the sandbox or the seed: the sandbox stands apart, and a migration carries its own data (decision 039).',
  },
  // examflow Studio is a build of its own (DESIGN.md decision 8, scripts/lib/vite-studio-config.ts):
  // nothing of the public site, the server or their build imports it.
  {
    target: [
      'src/app',
      'src/features',
      'src/ui',
      'src/api',
      'src/machines',
      'src/domain',
      'src/engine',
      'src/devtools',
      'server',
      'scripts/build.ts',
      'scripts/start.ts',
      'scripts/lib/serve.ts',
      'scripts/lib/vite-client-config.ts',
    ],
    from: 'src/studio',
    message:
      'examflow Studio is a build of its own (DESIGN.md decision 8): the site, the server and their build never import src/studio.',
  },
  {
    target: 'server/routes',
    from: 'server/db',
    message:
      'Routes only speak HTTP: they call a service (server/services, server/auth, server/payments), which reaches the database (routes → services → db).',
  },
  {
    target: '**',
    from: TEST_FILES,
    message: 'Test support lives beside the tests: production code never imports it.',
  },
];

// The sandbox stands apart (decision 039): it plays the provider's platforms through services, like
// a route, and holds no database handle of its own. The one exception is its SMS outbox
// (sms_messages), a table only the sandbox has, written and read in server/sandbox/sms.ts.
const SANDBOX_DB_MESSAGE =
  'The sandbox calls services (decision 039): put the query in the service that owns the table (server/services, server/auth); only its SMS outbox (sandbox/sms.ts) touches the database.';
const sandboxZones = [
  ...boundaryZones,
  { target: 'server/sandbox', from: 'server/db', message: SANDBOX_DB_MESSAGE },
];
const SANDBOX_FILES = {
  files: ['server/sandbox/**/*.ts'],
  ignores: [...TEST_FILES, 'server/sandbox/sms.ts'],
};

// Reading the app context's database handle: a route or the sandbox reaches the database without
// an import, through the context every handler holds (`app.ctx.db`).
const DB_HANDLE_SELECTORS = [
  "MemberExpression[property.name='db']",
  "MemberExpression[property.value='db']",
  "ObjectPattern > Property[key.name='db']",
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/generated/**', 'coverage/**', '.lighthouse/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    // React lives in src/ (and its tests in tests/unit): the React Compiler's rules analyse every
    // function of a file they see, 7 of ESLint's 15 rule-seconds when they also saw server/ and
    // scripts/.
    ...reactHooks.configs.flat['recommended-latest'],
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Import directions (below), resolved as TypeScript resolves them. Cycles are not ESLint's:
    // `npm run lint` runs dpdm, which counts every import, type-only ones included
    // (import-x/no-cycle skips them by design, and took 4 of ESLint's 15 rule-seconds).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // What import-x parses to follow imports (its default is .js only).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') }),
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.ts'],
    // Benchmarks and load runs measure with the tests' fixtures (a config copy, the spec's routes,
    // a fresh PostgreSQL database).
    ignores: [...TEST_FILES, 'scripts/bench/**', 'scripts/load/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  {
    // swr owns server reads; machines and their actors get data as input or events (DESIGN.md,
    // decision 027), so nothing reads swr's cache by its internal key. (The machines' block below
    // replaces this rule there: it forbids swr altogether.)
    files: ['src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': ['error', { paths: [SWR_CACHE_IMPORT] }],
      'no-restricted-syntax': ['error', ...SWR_CACHE_READS],
    },
  },
  {
    // Routes reach the database without importing it, through the app context every handler holds
    // (`app.ctx.db`), so the import zone above cannot see a query written in a route. No route
    // names the context's `db`, then: reading it is the one way in, and a syntax rule sees it in
    // the editor. (A type rule on the Kysely instance would need type-aware linting, which the
    // repo does not run.)
    files: ['server/routes/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...DB_HANDLE_SELECTORS.map((selector) => ({
          selector,
          message: 'Routes only speak HTTP: put the query in a service and call it (routes → services → db).',
        })),
      ],
    },
  },
  {
    // The same two ways in, for the sandbox: no import of server/db and no reading of the
    // context's `db` (above, "The sandbox stands apart").
    ...SANDBOX_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: sandboxZones }],
      'no-restricted-syntax': [
        'error',
        ...DB_HANDLE_SELECTORS.map((selector) => ({ selector, message: SANDBOX_DB_MESSAGE })),
      ],
    },
  },
  {
    // The client build is Vite's own (decision 039): a plugin never resolves, loads, aliases or
    // rewrites a package's files; a library is used through its public API.
    files: ['vite.config.ts', 'vitest*.config.ts', 'scripts/lib/vite-*.ts'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "Property[key.name='resolveId']",
          "Property[key.name='load']",
          "Property[key.name='alias']",
          "Property[key.name='transform'] Literal[regex.pattern=/node_modules/]",
          "Property[key.name='transform'] Literal[value=/node_modules/]",
        ].map((selector) => ({
          selector,
          message:
            "The client build is Vite's own (decision 039): no plugin resolves, loads, aliases or rewrites a file of a package.",
        })),
      ],
    },
  },
  {
    files: ['src/machines/**/*.ts', 'src/engine/**/*.ts', 'server/**/*.ts'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [REACT_PACKAGES] }] },
  },
  prettier,
);
