/**
 * Sizes of the source: files over a line count and functions over a line count, in `src/`. A
 * function's lines run from its first to its last line, nested functions included (a closure that
 * holds a state machine counts whole). In a `.vue` file only the script is read.
 *
 *   npx tsx scripts/code-size.ts [--file-lines 300] [--function-lines 80]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

export interface SizedItem {
  file: string
  name: string
  lines: number
}

/** Every `.ts`, `.mts`, `.mjs` and `.vue` file under a folder. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|mts|mjs|vue)$/.test(name) ? [path] : []
  })
}

function scriptOf(path: string, text: string): string {
  if (!path.endsWith('.vue')) return text
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('\n')
}

function functionName(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node }
  if (named.name && ts.isIdentifier(named.name)) return named.name.text
  const parent = node.parent
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  if (parent && ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText().slice(0, 40)})`
  return '(anonymous)'
}

/** The functions of one file with their line counts. */
export function functionSizes(path: string, root = '.'): SizedItem[] {
  const source = ts.createSourceFile(path, scriptOf(path, readFileSync(path, 'utf8')), ts.ScriptTarget.Latest, true)
  const found: SizedItem[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
      found.push({ file: relative(root, path), name: functionName(node), lines: last - first + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** A file's line count. */
export function fileLines(path: string): number {
  return readFileSync(path, 'utf8').split('\n').length - (readFileSync(path, 'utf8').endsWith('\n') ? 1 : 0)
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name)
  return at > 0 ? Number(process.argv[at + 1]) : fallback
}

if (process.argv[1]?.endsWith('code-size.ts')) {
  const fileLimit = option('--file-lines', 300)
  const functionLimit = option('--function-lines', 80)
  const files = sourceFiles('src')
  const bigFiles = files.map((file) => ({ file, lines: fileLines(file) })).filter((item) => item.lines > fileLimit)
  const bigFunctions = files.flatMap((file) => functionSizes(file)).filter((item) => item.lines > functionLimit)
  console.log(`files over ${fileLimit} lines: ${bigFiles.length}`)
  for (const item of bigFiles.sort((a, b) => b.lines - a.lines)) console.log(`  ${item.lines}  ${item.file}`)
  console.log(`functions over ${functionLimit} lines: ${bigFunctions.length}`)
  for (const item of bigFunctions.sort((a, b) => b.lines - a.lines))
    console.log(`  ${item.lines}  ${item.file}  ${item.name}`)
}
