/** The name a model uses to call a method: `toolId_methodName`. */
export function routingName(toolId: string, methodName: string): string {
  return `${toolId}_${methodName}`
}
