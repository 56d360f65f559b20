import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** web/ never reaches into server/: what both sides need lives in common/. */
const webNeverImportsServer = {
  group: ['**/server/**', 'server/*'],
  message: 'web/ must never import server/ code; share through common/.',
};

/** The web features, one folder each under web/src/features/. */
const features = readdirSync(join(import.meta.dirname, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The app shell (web/src/app: router, layouts, providers) sits on top and composes the features; the
 * features and the shared layers below them never import it. Route strings live in web/src/config.
 */
const belowTheAppShell = {
  regex: '^(\\.\\./)+app(/|$)',
  message:
    'web/src/app is the shell on top: features, components, hooks, lib, content and config never import it (route strings are in web/src/config/paths.ts).',
};

/**
 * The import rule of a web file: never server/, plus `patterns`. A later config block replaces the
 * rule's options rather than adding to them, so every web block repeats the server ban.
 */
const webImports = (...patterns) => ['error', { patterns: [webNeverImportsServer, ...patterns] }];

/**
 * The import rule of a shared layer (web/src/components, hooks, lib, content, config): never the app
 * shell, never a feature, and never the shared layers named in `above` (the ones above it).
 */
const sharedLayerImports = (...above) =>
  webImports(
    belowTheAppShell,
    {
      regex: '^(\\.\\./)+features/',
      message:
        'web/src/components, hooks, lib, content and config sit below the features and never import one.',
    },
    ...above.map((layer) => ({
      regex: `^(\\.\\./)+${layer}(/|$)`,
      message: `web/src/components sit above hooks, and both above lib, content and config: this layer never imports ${layer}/.`,
    })),
  );

/**
 * Features never import each other (docs/architecture.md): what two features share moves down to
 * web/src/components, lib or hooks, or web/src/app composes them (router.tsx hands one feature's
 * component to another's page as a prop). A relative import that climbs out of feature `name` and
 * lands in another feature's folder is refused.
 */
const featureIsolation = features.map((name) => ({
  files: [`web/src/features/${name}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': webImports(belowTheAppShell, {
      regex: `^(\\.\\./)+(features/)?(${features.filter((other) => other !== name).join('|')})(/|$)`,
      message: `The ${name} feature must not import another feature: move the shared piece to web/src/components, lib or hooks, or compose the two in web/src/app.`,
    }),
  },
}));

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      'server/db/migrations/',
      'test-results/',
      'playwright-report/',
      'e2e/.output/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': webImports(),
    },
  },
  {
    // the shared layers sit below the features: they never import one
    files: ['web/src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': sharedLayerImports() },
  },
  {
    // hooks sit below components: a component may use a hook, never the other way round
    files: ['web/src/hooks/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': sharedLayerImports('components') },
  },
  {
    // lib, content and config are the ground floor of the web app
    files: ['web/src/{lib,content,config}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': sharedLayerImports('components', 'hooks') },
  },
  ...featureIsolation,
  {
    // the evidence verifier shares no code with the server, the web or common/ (docs/transparency.md
    // "Your evidence"): Node.js built-ins and its own files only; it runs in Node.js and browsers
    files: ['verifier/**/*.mjs'],
    languageOptions: {
      globals: {
        atob: 'readonly',
        btoa: 'readonly',
        console: 'readonly',
        crypto: 'readonly',
        document: 'readonly',
        TextEncoder: 'readonly',
      },
    },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!node:|\\./[\\w-]+\\.mjs$)',
              message:
                'verifier/ imports only node: built-ins and its own files, so it never shares code with the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // test factories and helpers live in server/test/ and only tests load them: production code that
    // imported one would ship vitest and the factories' shortcuts (users without sign-up, money
    // without a request) in the bundle
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+test(/|$)|^\\./test/',
              message: 'server/test/ holds test factories and helpers: only tests import them.',
            },
            { group: ['vitest', 'vitest/*'], message: 'Production server code never imports vitest.' },
          ],
        },
      ],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**'],
              message: 'common/ is imported by both sides and imports neither.',
            },
          ],
        },
      ],
    },
  },
);
