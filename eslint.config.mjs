// ESLint (flat config): the recommended rules of ESLint and typescript-eslint; formatting is Prettier's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['generated/**', 'dist/**', 'reports/**', 'examples/storefront/dist/**', 'node_modules/**', '.image/**', 'test/outside/**', 'test/heldout/vendor3/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        performance: 'readonly',
        location: 'readonly',
        document: 'readonly',
        window: 'readonly',
        globalThis: 'readonly',
      },
    },
    rules: {
      // JSON from a server under test is untyped by nature: checks read it as Record<string, any> and narrow it.
      '@typescript-eslint/no-explicit-any': 'off',
      // This project escapes and detects control characters on purpose (terminal safety, hostile servers).
      'no-control-regex': 'off',
      // Unused names are errors, except the ones a destructuring drops on purpose (`_name`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
);
