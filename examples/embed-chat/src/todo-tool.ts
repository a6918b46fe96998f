import type { ToolRegistry } from 'vcp-workbench'

/** The app's own tool: the user's to-do list, which the model may add to. */
export function createTodoTool(items: string[]): ToolRegistry {
  return {
    id: 'todo',
    name: 'To-do list',
    description: "The user's to-do list.",
    getMetadata: () => ({
      methods: [
        {
          name: 'add',
          description: 'Adds an item to the to-do list.',
          agentCallable: true,
          parameters: [{ name: 'title', type: 'string', description: 'What to do.' }],
        },
      ],
    }),
    add({ title }: { title: string }) {
      items.push(title)
      return `Added "${title}". The list has ${items.length} item(s).`
    },
  }
}
