/**
 * One describe per rule of docs/vcp-grammar.md, with hand-written fixtures.
 */
import { describe, expect, it } from 'vitest'
import { parseToolRequests } from '../../../../src/core'
import { requestFields } from '../../../../src/core/protocols/vcp/fields'
import { block, codes, parse } from './helpers'

describe('blocks', () => {
  it('reads a canonical block with text around it', () => {
    const text = `Sure.\n${block('tool_name:「始」calc_evaluate「末」,\nexpression:「始」1+2「末」')}\nDone.`
    const { requests, diagnostics } = parse(text)
    expect(diagnostics).toEqual([])
    expect(requests).toHaveLength(1)
    const [r] = requests
    expect(r?.toolName).toBe('calc_evaluate')
    expect(r?.args).toEqual({ expression: '1+2' })
    expect(r?.valid).toBe(true)
    expect(text.slice(r!.start, r!.end)).toBe(r?.rawBlock)
    expect(r?.rawBlock.startsWith('<<<[TOOL_REQUEST]>>>')).toBe(true)
    expect(r?.rawBlock.endsWith('<<<[END_TOOL_REQUEST]>>>')).toBe(true)
  })

  it('reads many blocks in order', () => {
    const text = [1, 2, 3].map((n) => block(`tool_name:「始」t${n}「末」`)).join('\nand then\n')
    expect(parse(text).requests.map((r) => r.toolName)).toEqual(['t1', 't2', 't3'])
  })

  it('finds nothing in plain prose', () => {
    expect(parse('Just a chat reply with <b>html</b> and 「quotes」.')).toEqual({ requests: [], diagnostics: [] })
  })
})

describe('fields', () => {
  it('accepts white space and newlines around the colon and markers, and optional commas', () => {
    const { requests, diagnostics } = parse(
      block('tool_name\n :\n 「始」x「末」 ,  a:「始」1「末」 b :「始」2「末」\nc:  「始」3「末」'),
    )
    expect(diagnostics).toEqual([])
    expect(requests[0]?.args).toEqual({ a: '1', b: '2', c: '3' })
  })

  it('skips // comments and junk between fields', () => {
    const { requests, diagnostics } = parse(
      block('tool_name:「始」x「末」, // the tool\nnote here\npath:「始」/a「末」 // trailing'),
    )
    expect(diagnostics).toEqual([])
    expect(requests[0]?.args).toEqual({ path: '/a' })
  })

  it('keeps keys of any script, digits, _ and -', () => {
    const { requests } = parse(
      block(
        'tool_name:「始」x「末」,参数名:「始」中文「末」,key-dash:「始」d「末」,md5:「始」m「末」,line2:「始」l「末」',
      ),
    )
    expect(requests[0]?.args).toEqual({ 参数名: '中文', 'key-dash': 'd', md5: 'm', line2: 'l' })
  })

  it('treats __proto__ and constructor as ordinary keys', () => {
    const { requests } = parse(block('tool_name:「始」x「末」,__proto__:「始」p「末」,constructor:「始」c「末」'))
    const args = requests[0]!.args
    expect(Object.keys(args)).toEqual(['__proto__', 'constructor'])
    expect(args['__proto__']).toBe('p')
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype)
  })

  it('warns about a value marker with no key before it and skips it', () => {
    const result = parse(block('tool_name:「始」x「末」,\nkey = 「始」lost「末」'))
    expect(result.requests[0]?.args).toEqual({})
    expect(codes(result)).toEqual(['value-without-key'])
  })

  it('does not warn about a value marker inside a // comment', () => {
    const result = parse(block('tool_name:「始」x「末」, // any field may use 「始ESCAPE」 for markers'))
    expect(result.diagnostics).toEqual([])
  })
})

describe('values', () => {
  it('keeps values verbatim apart from trimming: backslashes, quotes, braces, blank lines, CRLF', () => {
    const value = 'if (a) {\r\n  print("x\\n")\r\n}\r\n\r\n\'done\''
    const { requests } = parse(block(`tool_name:「始」x「末」,\ncode:「始」\n  ${value}  \n「末」`))
    expect(requests[0]?.args.code).toBe(value)
  })

  it('ends a value at the first 「末」', () => {
    const { requests } = parse(block('tool_name:「始」x「末」,a:「始」one「末」two「末」'))
    expect(requests[0]?.args.a).toBe('one')
  })

  it('lets ESCAPE values hold plain markers, case-insensitively and with braces', () => {
    const inner = '<<<[TOOL_REQUEST]>>>\ntool_name:「始」y「末」\n<<<[END_TOOL_REQUEST]>>>'
    for (const [open, close] of [
      ['「始ESCAPE」', '「末ESCAPE」'],
      ['「始escape」', '「末Escape」'],
      ['{始ESCAPE}', '{末ESCAPE}'],
      ['「始exp」', '「末exp」'],
    ]) {
      const result = parse(block(`tool_name:「始」x「末」,\ncontent:${open}${inner}${close}`))
      expect(result.diagnostics).toEqual([])
      expect(result.requests).toHaveLength(1)
      expect(result.requests[0]?.args.content).toBe(inner)
    }
  })

  it('turns _ESCAPE block markers into plain ones inside escaped values only', () => {
    const written = '<<<[TOOL_REQUEST_ESCAPE]>>> and <<<[END_TOOL_REQUEST_ESCAPE]>>>'
    const escaped = parse(block(`tool_name:「始」x「末」,a:「始ESCAPE」${written}「末ESCAPE」`))
    expect(escaped.requests[0]?.args.a).toBe('<<<[TOOL_REQUEST]>>> and <<<[END_TOOL_REQUEST]>>>')
    const plain = parse(block(`tool_name:「始」x「末」,a:「始」${written}「末」`))
    expect(plain.requests[0]?.args.a).toBe(written)
  })
})

describe('request fields and ids', () => {
  it('takes tool_name and request_id out of the arguments; command and friends stay', () => {
    const { requests } = parse(
      block(
        'request_id:「始」r1「末」,tool_name:「始」FileOperator「末」,command:「始」Read「末」,archery:「始」no_reply「末」,maid:「始」N「末」',
      ),
    )
    expect(requests[0]).toMatchObject({
      requestId: 'r1',
      toolName: 'FileOperator',
      args: { command: 'Read', archery: 'no_reply', maid: 'N' },
    })
  })

  it('gives missing ids ids unique for the whole session', async () => {
    const { createRequestIdSession } = await import('../../../../src/core')
    const session = createRequestIdSession()
    const text = block('tool_name:「始」a「末」') + block('tool_name:「始」b「末」')
    const first = parseToolRequests(text, 'vcp', { session }).requests.map((r) => r.requestId)
    const second = parseToolRequests(text, 'vcp', { session }).requests.map((r) => r.requestId)
    const all = [...first, ...second]
    expect(new Set(all).size).toBe(4)
  })

  it('renames a request id already taken in the session, with a warning', () => {
    const result = parse(
      block('tool_name:「始」a「末」,request_id:「始」same「末」') +
        block('tool_name:「始」b「末」,request_id:「始」same「末」'),
    )
    expect(result.requests.map((r) => r.requestId)).toEqual(['same', 'same-1'])
    expect(codes(result)).toEqual(['duplicate-request-id'])
  })

  it('keeps the last value of a duplicate key, with a warning', () => {
    const result = parse(block('tool_name:「始」x「末」,a:「始」1「末」,a:「始」2「末」'))
    expect(result.requests[0]?.args).toEqual({ a: '2' })
    expect(codes(result)).toEqual(['duplicate-key'])
    expect(result.requests[0]?.valid).toBe(true)
  })

  it('finds duplicate keys in a block with thousands of fields, before and after the first sixteen', () => {
    // 5,000 distinct keys, then every key again: each repeat is reported, wherever it was first seen.
    const keys = Array.from({ length: 5000 }, (_, i) => `k${i}`)
    const fields = [...keys, ...keys].map((key, i) => `${key}:「始」${i}「末」`)
    const result = parse(block(['tool_name:「始」x「末」', ...fields].join(',\n')))
    const repeats = result.diagnostics.filter((d) => d.code === 'duplicate-key')
    expect(repeats).toHaveLength(5000)
    expect(repeats[0]?.message).toContain('"k0"')
    expect(repeats[4999]?.message).toContain('"k4999"')
    expect(result.requests[0]?.args.k20).toBe('5020')
    expect(Object.keys(result.requests[0]?.args ?? {})).toHaveLength(5000)
  })
})

describe('tolerated with a warning', () => {
  it.each([
    ['full-width colon', block('tool_name：「始」x「末」'), 'fullwidth-colon'],
    ['brace markers', block('tool_name:{始}x{末}'), 'brace-marker'],
    ['two angle brackets', '<<[TOOL_REQUEST]>>\ntool_name:「始」x「末」\n<<[END_TOOL_REQUEST]>>', 'marker-variant'],
    [
      'four angle brackets',
      '<<<<[TOOL_REQUEST]>>>>\ntool_name:「始」x「末」\n<<<<[END_TOOL_REQUEST]>>>>',
      'marker-variant',
    ],
    ['lower-case markers', '<<<[tool_request]>>>\ntool_name:「始」x「末」\n<<<[end_tool_request]>>>', 'marker-variant'],
  ])('%s', (_name, text, code) => {
    const result = parse(text)
    expect(result.requests).toHaveLength(1)
    expect(result.requests[0]?.toolName).toBe('x')
    expect(result.requests[0]?.valid).toBe(true)
    expect(codes(result)).toContain(code)
    expect(result.diagnostics.every((d) => d.severity === 'warning')).toBe(true)
  })

  it('ends a block without end marker at the next start marker', () => {
    const result = parse('<<<[TOOL_REQUEST]>>>\ntool_name:「始」a「末」\n' + block('tool_name:「始」b「末」'))
    expect(result.requests.map((r) => r.toolName)).toEqual(['a', 'b'])
    expect(codes(result)).toEqual(['missing-end-marker'])
  })

  it('ends a block without end marker at the end of the text (stop sequence)', () => {
    const result = parse('<<<[TOOL_REQUEST]>>>\ntool_name:「始」a「末」\n')
    expect(result.requests).toHaveLength(1)
    expect(result.requests[0]?.valid).toBe(true)
    expect(codes(result)).toEqual(['missing-end-marker'])
  })

  it('a run of five or more < starts no marker', () => {
    expect(parse('<<<<<[TOOL_REQUEST]>>>\ntool_name:「始」x「末」\n<<<[END_TOOL_REQUEST]>>>').requests).toEqual([])
    expect(parse('<<<<<<<[TOOL_REQUEST]>>>\ntool_name:「始」x「末」').requests).toEqual([])
  })

  it('warns about a stray end marker', () => {
    expect(codes(parse('text <<<[END_TOOL_REQUEST]>>>'))).toEqual(['stray-end-marker'])
  })
})

describe('errors that make a request non-executable', () => {
  it('a value whose 「末」 never comes stops at the block end', () => {
    const result = parse(block('tool_name:「始」x「末」,\ncode:「始」never closed'))
    const [r] = result.requests
    expect(r?.valid).toBe(false)
    expect(r?.args.code).toBe('never closed')
    expect(codes(result)).toEqual(['unterminated-value'])
    expect(result.diagnostics[0]?.severity).toBe('error')
  })

  it('an unterminated ESCAPE value stops at the first end marker and says where a plain 「末」 was', () => {
    const result = parse(
      block('tool_name:「始」x「末」,\na:「始ESCAPE」text「末」') + '\n' + block('tool_name:「始」y「末」'),
    )
    expect(result.requests.map((r) => [r.toolName, r.valid])).toEqual([
      ['x', false],
      ['y', true],
    ])
    expect(result.requests[0]?.args.a).toBe('text「末」')
    expect(result.diagnostics[0]?.message).toContain('A plain "「末」" appears at line 3')
  })

  it('an empty tool_name', () => {
    const result = parse(block('tool_name:「始」  「末」,path:「始」/a「末」'))
    expect(result.requests[0]).toMatchObject({ toolName: '', valid: false })
    expect(codes(result)).toEqual(['empty-tool-name'])
    expect(result.diagnostics[0]?.severity).toBe('error')
  })

  it('a block without tool_name', () => {
    const result = parse(block('path:「始」/a「末」'))
    expect(result.requests[0]).toMatchObject({ toolName: '', valid: false, args: { path: '/a' } })
    expect(codes(result)).toEqual(['missing-tool-name'])
  })
})

describe('diagnosed, not requests', () => {
  it('a tool_name field list outside any block', () => {
    const result = parse('Use it like this:\ntool_name:「始」VSearch「末」,\nquery:「始」x「末」')
    expect(result.requests).toEqual([])
    expect(result.diagnostics).toMatchObject([
      { code: 'field-list-outside-block', line: 2, column: 1, severity: 'warning' },
    ])
  })

  it('requests inside <think> are reported and left out unless asked for', () => {
    const text = `<think>maybe\n${block('tool_name:「始」a「末」')}\n</think>\n${block('tool_name:「始」b「末」')}`
    const result = parse(text)
    expect(result.requests.map((r) => r.toolName)).toEqual(['b'])
    expect(codes(result)).toEqual(['request-in-reasoning'])
    const included = parseToolRequests(text, 'vcp', { reasoning: 'include' })
    expect(included.requests.map((r) => [r.toolName, r.inReasoning])).toEqual([
      ['a', true],
      ['b', false],
    ])
  })

  it('<thinking> counts too, and an unclosed one runs to the end', () => {
    const result = parse(`<thinking>${block('tool_name:「始」a「末」')}`)
    expect(result.requests).toEqual([])
    expect(codes(result).sort()).toEqual(['request-in-reasoning', 'unclosed-reasoning'])
  })

  it('only the lower-case tags models write open reasoning', () => {
    for (const text of ['<THINK>', '<thinker>', 'I think so', '< think>']) {
      expect(parse(`${text}\n${block('tool_name:「始」a「末」')}`).requests, text).toHaveLength(1)
    }
  })
})

describe('code fences', () => {
  const fenced = `Example:\n\`\`\`text\n${block('tool_name:「始」a「末」')}\n\`\`\`\n${block('tool_name:「始」b「末」')}`

  it('fenced blocks are requests and are marked', () => {
    const result = parse(fenced)
    expect(result.requests.map((r) => [r.toolName, r.fenced])).toEqual([
      ['a', true],
      ['b', false],
    ])
  })

  it('an option skips them, with a note', () => {
    const result = parseToolRequests(fenced, 'vcp', { fencedBlocks: 'skip' })
    expect(result.requests.map((r) => r.toolName)).toEqual(['b'])
    expect(codes(result)).toEqual(['fenced-block-skipped'])
  })

  it('~~~ fences count too, and a ``` line inside one does not close it', () => {
    const text = `~~~\n\`\`\`\n${block('tool_name:「始」a「末」')}\n~~~\n${block('tool_name:「始」b「末」')}`
    expect(parse(text).requests.map((r) => [r.toolName, r.fenced])).toEqual([
      ['a', true],
      ['b', false],
    ])
  })

  it('a fence closes only with as many fence characters and nothing else on its line', () => {
    const open = `\`\`\`\`\n${block('tool_name:「始」a「末」')}\n`
    expect(parse(`${open}\`\`\`\n${block('tool_name:「始」b「末」')}`).requests[1]?.fenced).toBe(true)
    expect(parse(`${open}\`\`\`\` text\n${block('tool_name:「始」b「末」')}`).requests[1]?.fenced).toBe(true)
    expect(parse(`${open}\`\`\`\`\n${block('tool_name:「始」b「末」')}`).requests[1]?.fenced).toBe(false)
  })

  it('a fence is three or more fence characters at a line start, up to three spaces in', () => {
    expect(parse(`   \`\`\`\n${block('tool_name:「始」a「末」')}`).requests[0]?.fenced).toBe(true)
    expect(parse(`    \`\`\`\n${block('tool_name:「始」a「末」')}`).requests[0]?.fenced).toBe(false)
    expect(parse(`text \`\`\`\n${block('tool_name:「始」a「末」')}`).requests[0]?.fenced).toBe(false)
    expect(parse(`\`\`\n${block('tool_name:「始」a「末」')}`).requests[0]?.fenced).toBe(false)
  })

  it('<think> inside a fence is an example, not reasoning', () => {
    const result = parse('```\n<think>\n```\n' + block('tool_name:「始」a「末」'))
    expect(result.requests).toHaveLength(1)
  })
})

describe('positions', () => {
  it('every diagnostic has an offset, a 1-based line and a column that agree', () => {
    const text = 'line one\n  x <<<[END_TOOL_REQUEST]>>>'
    const [d] = parse(text).diagnostics
    expect(d).toMatchObject({ offset: 13, line: 2, column: 5, length: 24 })
    expect(text.slice(d!.offset, d!.offset + d!.length)).toBe('<<<[END_TOOL_REQUEST]>>>')
  })

  it('fields carry the offsets of their keys and values', () => {
    const text = block('tool_name:「始」x「末」,\npath:「始」 /a 「末」')
    const field = requestFields(parse(text).requests[0]!)[1]!
    expect(text.slice(field.offset, field.offset + 4)).toBe('path')
    expect(text.slice(field.valueStart, field.valueEnd)).toBe(' /a ')
  })
})
