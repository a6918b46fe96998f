/** The Vue layer: tool calling and chat runs as composables. Vue is a peer dependency. */
export {
  useToolCalling,
  type CallerSessionOptions,
  type UseToolCallingOptions,
  type UseToolCallingReturn,
} from './useToolCalling'
export { useChatRun, type UseChatRunOptions, type UseChatRunReturn } from './useChatRun'
