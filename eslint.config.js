import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import vueParser from 'vue-eslint-parser'
import globals from 'globals'
import prettier from 'eslint-config-prettier/flat'

const CORE_DEEP_IMPORT = {
  group: [
    '**/core/*',
    '!**/core/mcp',
    '!**/core/eval',
    '!**/core/conformance',
    '!**/core/internal',
    '!**/core/collections',
    '!**/core/templates',
    '**/core/mcp/*',
    '!**/core/mcp/config',
    '**/core/eval/*',
    '**/core/conformance/*',
    '**/core/templates/*',
  ],
  message:
    'Import the core through its index (src/core), src/core/mcp (its config alone: src/core/mcp/config), src/core/eval, src/core/conformance, src/core/collections, src/core/templates, or (for the shared helpers of the app) src/core/internal: its inner modules are not its API.',
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'examples/*/dist/**',
      'node_modules/**',
      '.bench/**',
      '.e2e-dist*/**',
      'coverage/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.{ts,vue,js,mjs}'],
    languageOptions: {
      parser: vueParser,
      parserOptions: {
        parser: tseslint.parser,
        ecmaVersion: 'latest',
        sourceType: 'module',
        extraFileExtensions: ['.vue'],
      },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
  {
    // The core is plain TypeScript that runs in Node and the browser: no UI libraries.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['vue', 'vue/*', '@vue/*'], message: 'src/core must not import Vue.' },
            { group: ['pinia', 'pinia/*'], message: 'src/core must not import Pinia.' },
            {
              group: ['element-plus', 'element-plus/*', '@element-plus/*'],
              message: 'src/core must not import Element Plus.',
            },
            { group: ['monaco-editor', 'monaco-editor/*'], message: 'src/core must not import Monaco.' },
            { group: ['node:*'], message: 'src/core runs in the browser too: no Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    // Outside the core, the core is its public API: the index (and the MCP entry), never its inner modules.
    files: ['src/**/*.{ts,vue}'],
    ignores: ['src/core/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [CORE_DEEP_IMPORT] }],
    },
  },
  {
    // Built-in tools run in both places; only their Node backends may use Node built-ins.
    files: ['src/tools/**/*.ts'],
    ignores: ['src/tools/node/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [CORE_DEEP_IMPORT, { group: ['node:*'], message: 'Only src/tools/node may use Node built-ins.' }] },
      ],
    },
  },
  // Layout is Prettier's (npm run lint checks it): the style rules that would disagree are off.
  prettier,
)
