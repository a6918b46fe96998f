/**
 * Property-based tests: the parser never throws, chunking never changes the result, and every
 * definition's example parses back to a call of its method.
 */
import fc from 'fast-check'
import { streamInPieces } from '../../../fixtures/stream'
import { checkReply } from '../../../fuzz/oracle'
import { chunkingArb, replyArb } from '../../../fuzz/replies'
import { describe, expect, it } from 'vitest'
import { createRequestIdSession, parseToolRequests, vcpProtocol } from '../../../../src/core'
import { encodeValue } from '../../../../src/core/protocols/vcp/render'
import type { MethodMetadata, MethodParameter } from '../../../../src/core'

/** FC_RUNS_SCALE=20 npx vitest run tests/core/protocols/vcp/properties.test.ts searches harder. */
const scale = Number(process.env.FC_RUNS_SCALE ?? 1)
const runs = (n: number): { numRuns: number } => ({ numRuns: Math.round(n * scale) })

/** Pieces real VCP text is made of, so random strings hit the interesting paths often. */
const PIECES = [
  '<<<[TOOL_REQUEST]>>>',
  '<<<[END_TOOL_REQUEST]>>>',
  '<<[tool_request]>>',
  '<<<<[END_TOOL_REQUEST]>>>>',
  '<<<',
  '>>>',
  '「始」',
  '「末」',
  '「始ESCAPE」',
  '「末ESCAPE」',
  '{始}',
  '{末}',
  '「始exp」',
  '「末exp」',
  '「',
  '」',
  '始',
  '末',
  'tool_name',
  'request_id',
  'command1',
  ':',
  '：',
  ',',
  '//',
  '\n',
  '\r\n',
  ' ',
  '<think>',
  '</think>',
  '```',
  '~~~',
  'a',
  'key',
  '参数',
  '<<<[TOOL_REQUEST_ESCAPE]>>>',
  '<<<[END_TOOL_REQUEST_ESCAPE]>>>',
  '<thinking>',
  '</thinking>',
  'think',
  'ing>',
  '<<[',
  '<',
  '[',
]
const vcpish = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 4 })), { maxLength: 60 })
  .map((p) => p.join(''))
const anyText = fc.oneof(vcpish, fc.string(), fc.string({ unit: 'binary' }))

describe('parser properties', () => {
  it('never throws, and offsets stay inside the text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = parseToolRequests(text)
        // The entry point catches a throw and reports it: that counts as a throw here.
        expect(result.diagnostics.map((d) => d.code)).not.toContain('parser-failure')
        for (const d of result.diagnostics) {
          expect(d.offset).toBeGreaterThanOrEqual(0)
          expect(d.offset).toBeLessThanOrEqual(text.length)
        }
        for (const r of result.requests) expect(text.slice(r.start, r.end)).toBe(r.rawBlock)
      }),
      runs(2000),
    )
  })

  it('any chunking gives the one-shot result', () => {
    fc.assert(
      fc.property(vcpish, fc.array(fc.nat({ max: 400 }), { maxLength: 30 }), (text, cuts) => {
        const oneShot = parseToolRequests(text, 'vcp', { session: createRequestIdSession() })
        expect(streamInPieces('vcp', text, cuts)).toEqual(oneShot)
      }),
      runs(2000),
    )
  })

  it('replies built from the grammar (unclosed values, fences, runs of < and >) hold every oracle check, any chunking', () => {
    fc.assert(
      fc.property(replyArb, chunkingArb, (text, chunking) => {
        expect(checkReply(text, 'vcp', chunking)).toBeNull()
      }),
      runs(1500),
    )
  })

  it('one character at a time gives the one-shot result', () => {
    fc.assert(
      fc.property(vcpish, (text) => {
        const oneShot = parseToolRequests(text, 'vcp', { session: createRequestIdSession() })
        const cuts = Array.from({ length: text.length }, (_, i) => i)
        expect(streamInPieces('vcp', text, cuts)).toEqual(oneShot)
      }),
      runs(500),
    )
  })
})

const keyArb = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_-]{0,11}$/).filter((k) => k !== 'tool_name' && k !== 'request_id')
/** Values made of marker pieces and text; outer white space is not part of a VCP value. */
const valueArb = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ minLength: 1, maxLength: 6 })), {
    minLength: 1,
    maxLength: 12,
  })
  .map((p) => p.join('').trim())
  .filter((v) => v.length > 0)
  // Some values have no verbatim form (e.g. both closing forms of the escaped encodings, or a plain
  // marker next to a literal _ESCAPE marker); encodeValue says so and the prompt keeps them lossy.
  .filter((v) => encodeValue(v).lossless)

const parameterArb = fc.record({
  name: keyArb,
  type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'enum', 'array', 'object'),
  value: valueArb,
  description: fc.constantFrom('The input.', 'How many.', '输入内容'),
})

describe('definitions -> example -> parse', () => {
  it('round-trips for random methods and values, markers included', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/),
        fc.uniqueArray(parameterArb, { selector: (p) => p.name, maxLength: 5 }),
        fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,10}$/),
        (toolId, params, methodName) => {
          const parameters: MethodParameter[] = params.map((p) => ({
            name: p.name,
            type: p.type as MethodParameter['type'],
            description: p.description,
            required: true,
            defaultValue: p.value,
            ...(p.type === 'enum' ? { enumValues: [p.value] } : {}),
          }))
          const method: MethodMetadata = {
            name: methodName,
            description: 'Does a thing.',
            parameters,
            agentCallable: true,
          }
          const prompt = vcpProtocol.generateToolDefinitions([{ toolId, toolName: 'Tool', methods: [method] }])
          const result = parseToolRequests(prompt)
          expect(result.diagnostics).toEqual([])
          expect(result.requests).toHaveLength(1)
          const [request] = result.requests
          expect(request?.toolName).toBe(`${toolId}_${methodName}`)
          expect(request?.valid).toBe(true)
          expect({ ...request?.args }).toEqual(Object.fromEntries(params.map((p) => [p.name, p.value])))
        },
      ),
      runs(500),
    )
  })
})
