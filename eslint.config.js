import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * A feature reaches another only through its face, `<root>/<x>/public.ts`. Each relative import is resolved against the
 * importing file, so the rule holds at any depth of a feature's folders (`dialer/sub/x.ts` importing
 * `../../leads/repository.js` is caught, `../machine.js` from the same feature is not); a pattern over the import text
 * alone can only know one depth. One rule for the server's features and the client's.
 */
function featureFace(featuresRoot, message) {
  return {
    meta: { type: 'problem', schema: [] },
    create(context) {
      const ownFeature = path.relative(featuresRoot, context.filename).split(path.sep)[0];
      const check = (source) => {
        if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
        const [feature, ...rest] = path
          .relative(featuresRoot, path.resolve(path.dirname(context.filename), source.value))
          .split(path.sep);
        // Outside the features folder (`..` first), a file beside the features (no folder part), or the feature's own.
        if (feature === '..' || rest.length === 0 || feature === ownFeature) return;
        if (rest.length === 1 && rest[0] === 'public.js') return;
        context.report({ node: source, message });
      };
      return {
        ImportDeclaration: (node) => check(node.source),
        ExportNamedDeclaration: (node) => check(node.source),
        ExportAllDeclaration: (node) => check(node.source),
        ImportExpression: (node) => check(node.source),
      };
    },
  };
}

const serverFeatureFace = featureFace(
  path.resolve(import.meta.dirname, 'server/features'),
  'Import another feature through its public.ts only (see docs/architecture.md, "The face of a feature").',
);
const clientFeatureFace = featureFace(
  path.resolve(import.meta.dirname, 'client/features'),
  'Import another client feature through its public.ts only; shared styles and helpers live in client/ui (see docs/client.md, "Feature faces").',
);

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', 'coverage/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A feature reaches another only through its face, `server/features/<x>/public.ts`; its `index.ts` (the Feature
    // registration) is imported by server/features/index.ts alone. Workers, the seed and tests may import deeper.
    files: ['server/features/*/**/*.ts'],
    plugins: { boundaries: { rules: { 'feature-face': serverFeatureFace } } },
    rules: { 'boundaries/feature-face': 'error' },
  },
  {
    // The same on the client: a page's feature reaches another through its face; what every feature shares (page
    // styles, formatting, controls) is in client/ui, and client/app (the routes) composes the features' pages.
    files: ['client/features/*/**/*.{ts,tsx}'],
    plugins: { 'client-boundaries': { rules: { 'feature-face': clientFeatureFace } } },
    rules: { 'client-boundaries/feature-face': 'error' },
  },
  {
    // A feature's socket events leave from its events.ts alone, so what a feature pushes, and to whom, is read in one file.
    files: ['server/features/**/*.ts'],
    ignores: ['server/features/*/events.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.property.name='live'][callee.property.name=/^to(User|Users|Room)$/], CallExpression[callee.property.name='emit']",
          message: "Emit a feature's socket events from its events.ts (see docs/conventions.md).",
        },
      ],
    },
  },
  {
    // The platform is what features are built on, so it imports none of them: what it needs of a feature's domain is an
    // interface of its own (the phone provider, server/platform/telephony/). One exception: who the signed-in user is,
    // which auth.ts and sockets.ts read through the users feature's face.
    files: ['server/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.\./)+features/(?!users/public\.js$)`,
              message: 'server/platform imports no feature (see docs/architecture.md, "The face of a feature").',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
