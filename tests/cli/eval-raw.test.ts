/**
 * `vcp eval --protocols raw`: each case rendered with the model's chat template and sent to
 * /v1/completions, the replies read in the format the template asks for.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import { runCli } from '../../src/cli/vcp'
import { evalIo, fixtureFiles, jsonReportOf, SUITE } from './eval-io'

const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** A completions server that calls math_factorial with 5 whatever it is asked, in Hermes markup. */
async function completions(): Promise<{ baseUrl: string; prompts: string[] }> {
  const prompts: string[] = []
  const server = createServer((req, res) => {
    let data = ''
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')))
    req.on('end', () => {
      prompts.push((JSON.parse(data) as { prompt: string }).prompt)
      const text = '<tool_call>\n{"name": "math_factorial", "arguments": {"number": 5}}\n</tool_call>'
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ choices: [{ index: 0, text }] }))
    })
  })
  servers.push(server)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return { baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`, prompts }
}

describe('vcp eval --protocols raw', () => {
  it('renders every case with a vendored template, says the format it inferred, and reads the replies in it', async () => {
    const server = await completions()
    const io = evalIo(fixtureFiles())
    const args = ['eval', ...SUITE, '--endpoint', server.baseUrl, '--model', 'm', '--protocols', 'raw']
    const status = await runCli([...args, '--template', 'hermes-3-llama-3.1-8b', '--json', 'o.json'], io)
    // One case asks for the factorial of 5: it passes; most others do not.
    expect(status).toBe(1)
    expect(io.stderr.join('\n')).toMatch(
      /raw replies are read as hermes \(inferred from hermes-3-llama-3\.1-8b, high confidence\)/,
    )
    const report = jsonReportOf(io, 'o.json')
    expect(report.cases.every((o) => o.protocol === 'raw')).toBe(true)
    expect(report.cases.find((o) => o.id === 'simple_python_2')).toMatchObject({ valid: true })
    expect(server.prompts.length).toBe(report.cases.length)
    expect(server.prompts.every((prompt) => prompt.includes('<tools>'))).toBe(true)
  })

  it('--template-format overrides the inference; raw without a template, or with an unknown one, is refused', async () => {
    const server = await completions()
    const files = { ...fixtureFiles(), 'model.jinja': '{{ messages[0].content }}' }
    const io = evalIo(files)
    const args = ['eval', ...SUITE, '--endpoint', server.baseUrl, '--model', 'm', '--protocols', 'raw']
    expect(
      await runCli([...args, '--template', 'model.jinja', '--template-format', 'hermes', '--json', 'o.json'], io),
    ).toBe(1)
    expect(io.stderr.join('\n')).not.toContain('inferred')
    expect(jsonReportOf(io, 'o.json').cases.find((o) => o.id === 'simple_python_2')).toMatchObject({ valid: true })

    const bare = evalIo(fixtureFiles())
    expect(await runCli(args, bare)).toBe(2)
    expect(bare.stderr.join('\n')).toContain("--protocols raw renders the prompt with the model's chat template")
    const unknown = evalIo(fixtureFiles())
    expect(await runCli([...args, '--template', 'no-such-model'], unknown)).toBe(2)
    expect(unknown.stderr.join('\n')).toContain('no vendored template "no-such-model"')
  })
})
