import { describe, expect, it } from 'vitest'
import { namesInText, referenceReply, toolArguments } from '../../../scripts/mock-llm/reference-model'

const tool = (name: string, parameters: object = {}) => ({ type: 'function', function: { name, parameters } })
const weather = tool('get_weather', {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer' } },
  required: ['city', 'days'],
})
const weatherV2 = tool('get_weather_v2')
const time = tool('get_time')
const user = (content: unknown) => ({ role: 'user', content })
const toolResult = { role: 'tool', tool_call_id: 'call_1', content: '{"ok":true}' }
const assistantCall = {
  role: 'assistant',
  content: null,
  tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_time', arguments: '{}' } }],
}

const names = (body: object) => {
  const reply = referenceReply(body)
  return 'calls' in reply ? reply.calls.map((call) => call.name) : reply.text
}

describe('the reference model', () => {
  it('answers in text with no tools, an empty tools list, or tool_choice "none"', () => {
    const messages = [user('call get_time')]
    expect(referenceReply({ messages })).toEqual({ text: 'Done.' })
    expect(referenceReply({ messages, tools: [] })).toEqual({ text: 'Done.' })
    expect(referenceReply({ messages, tools: [time], tool_choice: 'none' })).toEqual({ text: 'Done.' })
  })

  it('calls a tool only where its name stands alone, not inside a longer name', () => {
    const tools = [weather, weatherV2, time]
    expect(names({ tools, messages: [user('use get_weather_v2 now')] })).toEqual(['get_weather_v2'])
    expect(names({ tools, messages: [user('(get_weather), then get_weather.')] })).toEqual([
      'get_weather',
      'get_weather',
    ])
    // `-` and digits are name characters too; only get_time stands alone here.
    expect(names({ tools, messages: [user('get_weather-2 or xget_weather9 or get_time')] })).toEqual(['get_time'])
  })

  it('calls every named tool once per occurrence, in order of occurrence', () => {
    const tools = [weather, time]
    const messages = [user('get_time, then get_weather, then get_time again')]
    expect(names({ tools, messages })).toEqual(['get_time', 'get_weather', 'get_time'])
  })

  it('reads the last user message, whose content may be text parts', () => {
    const tools = [weather, time]
    const parts = [
      { type: 'text', text: 'first get_' },
      { type: 'image_url', image_url: { url: 'data:,' } },
      { type: 'text', text: 'time' },
    ]
    expect(names({ tools, messages: [user('get_weather'), user(parts)] })).toEqual(['get_time'])
  })

  it('calls the first tool once when no tool is named', () => {
    expect(names({ tools: [time, weather], messages: [user('What can you do?')] })).toEqual(['get_time'])
    expect(names({ tools: [time, weather], messages: [] })).toEqual(['get_time'])
  })

  it('with "auto" or no tool_choice, answers in text after a tool result', () => {
    const messages = [user('get_time'), assistantCall, toolResult]
    expect(referenceReply({ tools: [time], messages })).toEqual({ text: 'Done.' })
    expect(referenceReply({ tools: [time], messages, tool_choice: 'auto' })).toEqual({ text: 'Done.' })
  })

  it('with "required", calls tools after a tool result, named from the last user message', () => {
    const messages = [user('get_weather'), assistantCall, toolResult]
    expect(names({ tools: [time, weather], messages, tool_choice: 'required' })).toEqual(['get_weather'])
  })

  it('with a named tool_choice, calls that tool once, even after a tool result', () => {
    const tool_choice = { type: 'function', function: { name: 'get_weather' } }
    const messages = [user('get_time get_time'), assistantCall, toolResult]
    expect(referenceReply({ tools: [time, weather], messages, tool_choice })).toEqual({
      calls: [{ name: 'get_weather', arguments: { city: 'test', days: 1 } }],
    })
  })

  it('keeps only the first call when parallel_tool_calls is false', () => {
    const body = { tools: [weather, time], messages: [user('get_time and get_weather')] }
    expect(names({ ...body, parallel_tool_calls: false })).toEqual(['get_time'])
    expect(names({ ...body, parallel_tool_calls: true })).toEqual(['get_time', 'get_weather'])
  })

  it('fills the arguments of its calls from the tool schema', () => {
    expect(referenceReply({ tools: [weather], messages: [user('get_weather')] })).toEqual({
      calls: [{ name: 'get_weather', arguments: { city: 'test', days: 1 } }],
    })
  })
})

describe('argument filling', () => {
  it('gives every required property a value by type, in the order of `properties`', () => {
    const args = toolArguments({
      type: 'object',
      properties: {
        text: { type: 'string' },
        count: { type: 'integer' },
        ratio: { type: 'number' },
        flag: { type: 'boolean' },
        list: { type: 'array', items: { type: 'string' } },
        options: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        optional: { type: 'string' },
      },
      required: ['flag', 'options', 'text', 'list', 'ratio', 'count'],
    })
    expect(args).toEqual({ text: 'test', count: 1, ratio: 1.5, flag: true, list: [], options: {} })
    expect(Object.keys(args)).toEqual(['text', 'count', 'ratio', 'flag', 'list', 'options'])
  })

  it('takes the first enum value, whatever the type', () => {
    const args = toolArguments({
      type: 'object',
      properties: {
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        level: { type: 'integer', enum: [3, 5] },
      },
      required: ['unit', 'level'],
    })
    expect(args).toEqual({ unit: 'celsius', level: 3 })
  })

  it('is empty with no parameters or nothing required', () => {
    expect(toolArguments(undefined)).toEqual({})
    expect(toolArguments({})).toEqual({})
    expect(toolArguments({ type: 'object', properties: { a: { type: 'string' } } })).toEqual({})
  })
})

describe('namesInText', () => {
  it('treats names with regular-expression characters literally', () => {
    expect(namesInText('call a.b and axb', ['a.b'])).toEqual(['a.b'])
  })
})
