import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.dev/**', 'bench/results/**', 'e2e/artifacts/**', 'frontend/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@platform/auth', '@platform/admin', '@platform/work', '@platform/payouts', '@platform/chat', '@platform/gateway'], message: 'Services never import each other: talk through events or /internal HTTP.' }] },
      ],
    },
  },
  {
    // Issue 32: a service's domain/ never speaks HTTP; other services are reached through data-access/*.client.ts
    // (service-kit createInternalClient). dependency-cruiser refuses the imports (domain-imports-http-client); this, the global.
    files: ['services/*/src/domain/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'domain/ never speaks HTTP: call another service through data-access/<owner>.client.ts (service-kit createInternalClient).' }],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Issue 28: every screen writes money, numbers and dates through app/format.ts (useFormat), in the reader's
    // language. Formatting by hand elsewhere in the app is refused here; money.ts keeps the API's amount texts.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/app/format.ts', 'frontend/src/features/payouts/money.ts', 'frontend/src/**/*.test.{ts,tsx}', 'frontend/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toFixed', 'toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Format numbers, money and dates with useFormat() from app/format.ts (the reader\'s locale).',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='Intl'][property.name=/^(NumberFormat|DateTimeFormat|RelativeTimeFormat|ListFormat)$/]", message: 'Intl formatting lives in app/format.ts: use useFormat().' },
        {
          selector: "CallExpression[callee.property.name='format'][arguments.0.type='Literal'][arguments.0.value=/[YDMHhms]{2}/]",
          message: 'A date format string: use useFormat().date / dateTime / time from app/format.ts.',
        },
      ],
    },
  },
);
