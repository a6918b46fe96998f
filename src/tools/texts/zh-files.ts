/** The Chinese texts of the `fs` tool (see ./keys for the keys, ./table for the pairs). */
import type { SlotTranslator, TextTable } from './table'

/** A file store's location (`FileStore.location`) in Chinese; an unknown location stays as it is. */
export const chineseFileLocation: SlotTranslator = (location) => {
  const database = /^the browser's IndexedDB \(database "(.*)"\)$/.exec(location)
  if (database) return `浏览器的 IndexedDB（数据库 "${database[1]}"）`
  const folder = /^the folder (.+)$/.exec(location)
  if (folder) return `文件夹 ${folder[1]}`
  if (location === 'memory (lost when the app closes)') return '内存（应用关闭后即丢失）'
  return location
}

/** The `fs` tool's texts: English and Chinese by key. */
export const FILES_ZH: TextTable = {
  'tool.fs.name': ['Virtual file system', '虚拟文件系统'],
  'tool.fs.description': [
    'A private file system for the agent, stored in %{location}. Directories exist as long as they hold files.',
    '智能体专用的私有文件系统，存放位置：%{location}。目录只要还包含文件就会一直存在。',
  ],
  'method.fs_tree.displayName': ['List a directory tree', '列出目录树'],
  'method.fs_tree.description': [
    'Lists the files and directories under a path as an indented tree with file sizes.',
    '以缩进树的形式列出某个路径下的文件和目录，并附上文件大小。',
  ],
  'method.fs_tree.returns': ['the tree as text', '文本形式的目录树'],
  'param.fs_tree.depth': ['How many directory levels to show.', '要显示的目录层数。'],
  'method.fs_read.displayName': ['Read a file', '读取文件'],
  'method.fs_read.description': ['Returns the text content of a file.', '返回文件的文本内容。'],
  'param.fs_read.path': ['Absolute path, e.g. "/notes/todo.md".', '绝对路径，例如 "/notes/todo.md"。'],
  'method.fs_write.displayName': ['Write a file', '写入文件'],
  'method.fs_write.description': [
    'Creates or replaces a text file (or appends to it). Missing directories are created.',
    '创建或替换文本文件（或向其末尾追加内容）。缺失的目录会自动创建。',
  ],
  'param.fs_write.content': ['Text, kept verbatim.', '文本，按原样保存。'],
  'method.fs_delete.displayName': ['Delete a file or directory', '删除文件或目录'],
  'method.fs_delete.description': [
    'Deletes a file, or a directory with everything in it when recursive is true. The root "/" cannot be deleted, ' +
      "and deleting more than 3 files at once waits for the user's approval.",
    '删除一个文件；recursive 为 true 时，删除目录及其中的全部内容。根目录 "/" 不能删除，' +
      '一次删除超过 3 个文件时需要等待用户批准。',
  ],
  'method.fs_wipe.displayName': ['Wipe the file system', '清空文件系统'],
  'method.fs_wipe.description': [
    'Deletes every file. For people only: a model cannot call it.',
    '删除所有文件。仅供人工使用：模型无法调用。',
  ],
  'method.fs_exportAll.displayName': ['Export every file', '导出所有文件'],
  'method.fs_exportAll.description': [
    'Every file as one JSON object { path: content }, for a backup. For people only: a model cannot call it.',
    '把所有文件导出为一个 JSON 对象 { path: content }，用于备份。仅供人工使用：模型无法调用。',
  ],
  'method.fs_importAll.displayName': ['Import files', '导入文件'],
  'method.fs_importAll.description': [
    'Writes every file of a { path: content } object (as exportAll makes), replacing files with the same path. For people only.',
    '写入 { path: content } 对象（即 exportAll 生成的格式）中的每个文件，并覆盖路径相同的文件。仅供人工使用。',
  ],
  'param.fs_importAll.files': ['Paths mapped to text contents.', '从路径到文本内容的映射。'],
}
