import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypeScript from 'eslint-config-next/typescript';

const config = [
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'node_modules/**',
      'lib/db/generated/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'reports/**',
      '.stryker-tmp/**',
      'next-env.d.ts',
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypeScript,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The API test client returns loosely typed JSON bodies on purpose: tests assert on them.
    files: ['tests/support/api.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The app's preload runs before Next.js, under plain Node.js: CommonJS, with require.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];

export default config;
