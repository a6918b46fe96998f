/**
 * Calls as the template analyses plant and read them: a name and an arguments object, read back from
 * a rendered turn with one format's reader and compared structurally (key order aside).
 */
import type { ParsedRequest } from '../types'
import { parseToolRequests } from '../parser'
import { isRecord } from '../own-record'
import { stableStringify } from '../text/stable-hash'

/** One tool call: what an assistant message carries and what a format's reader gives back. */
export interface TemplateCall {
  name: string
  arguments: Record<string, unknown>
}

/** A call read from a rendered text, with where it lies in that text. */
export interface ReadCall extends TemplateCall {
  start: number
  end: number
}

/** The calls the reader of `formatId` finds in `text`, typed by `tools`; never throws. */
export function readCalls(text: string, formatId: string, tools: readonly unknown[]): ReadCall[] {
  return parseToolRequests(text, formatId, { tools })
    .requests.filter((request) => request.quoted === undefined)
    .map(toCall)
}

function toCall(request: ParsedRequest): ReadCall {
  return {
    name: request.toolName,
    arguments: isRecord(request.arguments) ? request.arguments : { ...request.args },
    start: request.start,
    end: request.end,
  }
}

/** Whether `read` are `sent`: the same names in the same order, the same arguments whatever their key order. */
export function sameCalls(sent: readonly TemplateCall[], read: readonly TemplateCall[]): boolean {
  return sent.length === read.length && sent.every((call, index) => sameCall(call, read[index]))
}

function sameCall(sent: TemplateCall, read: TemplateCall | undefined): boolean {
  return (
    read !== undefined && sent.name === read.name && stableStringify(sent.arguments) === stableStringify(read.arguments)
  )
}

/** What differs between the calls sent and those read back, one sentence a difference. */
export function callDifferences(sent: readonly TemplateCall[], read: readonly TemplateCall[]): string[] {
  const problems: string[] = []
  if (read.length !== sent.length) problems.push(`${count(sent.length)} sent, ${count(read.length)} read back`)
  sent.forEach((call, index) => {
    const back = read[index]
    if (!back) return
    const which = sent.length > 1 ? `call ${index + 1}` : 'the call'
    if (back.name !== call.name)
      problems.push(`${which}: the name ${quote(call.name)} reads back as ${quote(back.name)}`)
    for (const key of new Set([...Object.keys(call.arguments), ...Object.keys(back.arguments)])) {
      const was = stableStringify(call.arguments[key])
      const is = stableStringify(back.arguments[key])
      if (!(key in back.arguments)) problems.push(`${which}: the argument ${quote(key)} is lost`)
      else if (!(key in call.arguments)) problems.push(`${which}: an argument ${quote(key)} = ${is} appears`)
      else if (was !== is) problems.push(`${which}: the argument ${quote(key)} was ${was}, reads back as ${is}`)
    }
  })
  return problems
}

/** The calls without their places, as results show them. */
export function plainCalls(calls: readonly TemplateCall[]): TemplateCall[] {
  return calls.map((call) => ({ name: call.name, arguments: call.arguments }))
}

function count(n: number): string {
  return n === 1 ? '1 call' : `${n} calls`
}

function quote(text: string): string {
  return JSON.stringify(text)
}
