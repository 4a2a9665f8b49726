// Lint only what the compiler cannot see: promises. The store is asynchronous (server/store/port.ts),
// and a query or a domain call that is not awaited runs outside its transaction or loses its error.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'src/generated/**',
      'test/artifacts/**',
      'vitest.config.ts',
      'eslint.config.js',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        {
          checksVoidReturn: {
            arguments: true,
            attributes: false,
            properties: false,
            returns: false,
            variables: false,
          },
        },
      ],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
);
