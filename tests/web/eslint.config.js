// ESLint for the project's JavaScript: the browser client (web/), its rules summary, the browser
// tests and the load generator's bot tables. Run from the repository's root with this file as
// --config (npm run lint here does), so that web/ is within reach.
import js from '@eslint/js';
import globals from 'globals';

export default [
    { ignores: ['web/js/vendor/**', '**/node_modules/**', 'build/**'] },
    js.configs.recommended,
    {
        files: ['web/**/*.js'],
        languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.browser },
    },
    {
        files: ['tests/web/**/*.js', 'loadgen/**/*.mjs'],
        languageOptions: {
            ecmaVersion: 2022,
            sourceType: 'module',
            // Playwright's page.evaluate bodies run in the page: its globals are theirs.
            globals: { ...globals.node, ...globals.browser },
        },
    },
    {
        rules: {
            // An unused argument often names what a callback receives; a leading _ marks the rest.
            'no-unused-vars': [
                'error',
                { args: 'none', caughtErrors: 'none', varsIgnorePattern: '^_' },
            ],
        },
    },
];
