/**
 * The Monaco the panes use: the editor with all its editing features, and the JSON language (its
 * schema validation runs in the JSON worker). Monaco's own entry also registers some eighty
 * languages and the CSS, HTML and TypeScript workers, which the workbench never loads.
 */
import 'monaco-editor/features/register.all'

export * from 'monaco-editor/editor/editor.api'
export * as json from 'monaco-editor/languages/features/json/register'
