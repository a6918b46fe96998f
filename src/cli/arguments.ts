/**
 * The `vcp` command line's words: its usage text, and a command's options read from its arguments.
 */
import { DEFAULT_TOOL_CALL_CONFIG, listFormats, protocolRegistry, type ToolSettings } from '../core'
import { readSamplingArguments, SAMPLING_KEY_VARIABLE, type SamplingFlags } from './sampling'
import { rootsFromArguments } from './roots'
import type { McpRoot } from '../core/mcp'

export const DEFAULT_FILES_FOLDER = '.vcp-files'
/** exec keeps its variable store in a file next to the files folder: `.vcp-files.variables.json`. */
export const VARIABLES_SUFFIX = '.variables.json'

export const USAGE = `Usage:
  vcp parse [--protocol ID] [--model NAME] [--tools FILE] [--chunk N] FILE|- ...
                                                     print each file's requests and diagnostics as one JSON line
  vcp formats [--model NAME]                         print one JSON line per format the parser reads: id, label,
                                                     family, models, openers, an example; with --model, only the
                                                     formats that model writes
  vcp prompt [--protocol ID] [--mcp-config FILE]     print the tools prompt for the built-in tools (and MCP servers')
  vcp tools [--mcp-config FILE]                      print one JSON line per tool: routing name, title, description,
                                                     input schema, annotations, source
  vcp check [--protocol ID] [--model NAME] [--tools FILE] [--files DIR] [--settings FILE] [--mcp-config FILE]
            FILE|- ...
                                                     print what exec would do with each file's requests, executing
                                                     nothing: {"requests": [{"requestId", "toolName", "verdict",
                                                     "arguments", "checks", "items"}], "diagnostics": [...]}
  vcp exec [--protocol ID] [--model NAME] [--tools FILE] [--files DIR] [--settings FILE] [--timeout MS]
           [--parallel] [--approve] [--mcp-config FILE] FILE|-
                                                     run the file's valid requests against the built-in tools and
                                                     print {"results": [...], "diagnostics": [...]} as one JSON line
  vcp exec --collection FILE [--files DIR] [--settings FILE] [--timeout MS] [--approve] [--mcp-config FILE] NAME
                                                     run the saved call NAME (or COLLECTION/NAME) of a collection
                                                     file exported by the Executor; the same output as exec
  vcp eval QUESTIONS [--answers FILE] (--replies FILE [--protocol ID] [--model NAME]
            | --endpoint URL --model NAME [--api-key KEY] [--protocols LIST] [--repeat K] [--concurrency N]
              [--retries N] [--out FILE] [--template T [--template-format ID]]) [--json FILE] [--junit FILE]
              [--baseline FILE]
                                                     score a suite (BFCL question lines with their possible
                                                     answers, or OpenAI-style chat lines) and print a summary and
                                                     the failing cases; lines that cannot be read are said and skipped
  vcp mcp list --mcp-config FILE                     connect every server of FILE and print one JSON line: per
                                                     server, its tools, prompts (with arguments), resources,
                                                     resource templates (with variables) and "problems" (lists
                                                     that failed); a server that cannot connect exits 2
  vcp mcp get-prompt --mcp-config FILE SERVER NAME [--arg key=value ...]
                                                     connect only SERVER and print its prompt NAME filled with
                                                     the arguments: {"description", "messages": [...]}
  vcp mcp read --mcp-config FILE SERVER URI          connect only SERVER and print the resource's contents:
                                                     {"contents": [{"uri", "mimeType", "kind", "text" or
                                                     "base64", "size"}]}; an unknown prompt or URI exits 2
  vcp conform --endpoint URL --model NAME [--api-key KEY] [--header 'Name: value' ...] [--repeat K]
              [--concurrency N] [--timeout SECONDS] [--capture FILE] [--json FILE] [--markdown FILE]
  vcp conform --replay CAPTURE [--json FILE] [--markdown FILE]
                                                     probe an OpenAI-compatible server's tool calling (each probe
                                                     streamed and not, K times; key else VCP_API_KEY) or check a
                                                     --capture again with no network; print a line per check
                                                     category and the failing checks; --json/--markdown write the
                                                     reports (- for standard output), --capture the exchanges as
                                                     JSON Lines
  vcp render TEMPLATE_FILE --messages FILE [--tools FILE] [--generation-prompt] [--template-name NAME]
             [--bos TOKEN] [--eos TOKEN] [--var NAME=VALUE ...] [--dialect transformers|llama.cpp]
                                                     render a chat template (a .jinja file or a tokenizer_config.json
                                                     and its special tokens) as transformers' apply_chat_template and
                                                     print the prompt exactly, with no line end added
  vcp render TEMPLATE_FILE --infer [--template-name NAME] [--bos TOKEN] [--eos TOKEN] [--var NAME=VALUE ...]
             [--dialect transformers|llama.cpp]
                                                     print one JSON line: the tool-call format the template's model
                                                     writes, confidence, evidence, findings and round trip
  vcp render --model ID ...                          the same with a vendored template; vcp render --list prints
                                                     one JSON line per vendored template: id, label, family, formats

Options:
  --protocol ID   protocol to use (known: ${protocolRegistry
    .list()
    .map((p) => p.id)
    .join(', ')}); parse, check and
                  exec also take auto: read every format and say which were found (their default; prompt
                  defaults to vcp). The three read a reply alike: requests in <think> are listed (exec
                  reports them as not run) and a request has the same id in all three
                  A model's native format is an ID too (mistral, qwen3-coder, harmony, ...: see vcp formats)
  --model NAME    the model that wrote the reply (Qwen/Qwen3-Coder-30B-A3B-Instruct, gpt-oss-20b, ...): auto
                  reads the formats it writes, including those with no marker of their own
  --tools FILE    the tools the model was given, a JSON array of OpenAI-style function definitions (or
                  {"tools": [...]}): values written as text are typed by their schema, unknown names flagged
  --chunk N       feed the text to the streaming parser N characters at a time
  --files DIR     folder that holds the virtual file system of the fs tool (default: ${DEFAULT_FILES_FOLDER});
                  exec keeps the variables of full results beside it, in DIR${VARIABLES_SUFFIX}, so the
                  ReadVar request in a cut result works in the next exec
  --settings FILE check and exec as an agent is set up: {"config": {"toolToggles": {...},
                  "requireConfirmation": true, ...}, "groups": {"groups": {"Compute": false}, "tools": {...}},
                  "presets": {"toolId": {...}}, "approval": {"policies": {"fs": "always"}}}, every part optional
                  (a switched-off tool is "disabled"; approval as the chat's agent sets it: "policies" by tool
                  or toolId_method, "everyCall", "askServerTools"; the most cautious choice wins)
  --timeout MS    per-call timeout in milliseconds (default: ${DEFAULT_TOOL_CALL_CONFIG.timeout})
  --parallel      run the requests at the same time instead of in order
  --mcp-config F  connect the MCP servers of F (the "mcpServers" JSON of Claude Desktop, Cursor, VS Code)
                  and offer their tools as server_tool beside the built-in ones; disconnected at the end
  --collection F  exec: run a saved call of the collection file F (the Executor's export) instead of a reply;
                  an unreadable file, an invalid collection or an unknown NAME exits 2 with the reason
  --sampling-endpoint URL --sampling-model NAME
                  with --mcp-config: answer the servers' sampling requests (a server asking for a completion)
                  with this OpenAI-compatible model at once, asking no one (key: ${SAMPLING_KEY_VARIABLE});
                  without them each request is refused with the reason; a sampling: line on stderr says each
  --root PATH     with --mcp-config: a folder the servers may see (roots/list), as a path (relative ones from
                  the working folder) or a file:// URI; repeatable; without it no roots are declared
  --approve       run calls that need approval (a tool's policy asks, e.g. a recursive delete of many
                  files); without it they are refused with the reason
  -               read standard input

Options of eval:
  --answers FILE  BFCL's possible-answer lines {"id", "ground_truth"} for the question lines
  --replies FILE  offline: BFCL result lines {"id", "result"} (reply text, read with --protocol and --model,
                  or calls already decoded); no network
  --endpoint URL  live: an OpenAI-compatible base URL asked for every case by --model, with --api-key KEY
                  (else the VCP_API_KEY environment variable)
  --protocols L   live: a comma list of vcp, json, xml, hermes, native, raw (default: vcp,native); raw
                  renders each case with --template and asks POST /completions with the prompt
  --template T    live, raw: the model's chat template: a .jinja file, a tokenizer_config.json, or a
                  vendored template's id (vcp render --list); replies are read in the format inferred
                  from it, or in --template-format ID
  --repeat K      live: ask each case K times; pass@1, pass@K and flaky cases are reported (default: 1)
  --concurrency N live: requests in flight at once (default: 4)
  --retries N     live: further tries of a request that failed for the network or a busy server (default: 2)
  --out FILE      live: append each outcome to FILE as a JSON line as it comes; when FILE exists, the jobs
                  it holds are skipped (a stopped run resumes; failed requests are asked again) and
                  reported with the new ones
  --json FILE     write {"cases": [{"id", "valid", "error_type", "errors", ...}], "summary": {...}}
  --junit FILE    write JUnit XML: a testsuite per category (live: per model / protocol), a testcase per reply
  --baseline F    compare with an earlier --json report; regressions are listed first

Options of conform:
  --header 'N: v' sent with every request, repeatable; credentials among them are redacted in the reports
  --repeat K      send each probe K times each way; a check that passes in some and fails in others is
                  flaky (default: 2)
  --concurrency N requests in flight at once (default: 2)
  --timeout S     the most one request may take, in seconds (default: 60)
  --capture FILE  keep every request and answer as JSON Lines, to check again later with --replay FILE

Options of render:
  --messages FILE a JSON array of messages, or {"messages": [...], "tools": [...]} (- for standard input)
  --tools FILE    OpenAI tool definitions (a JSON array or {"tools": [...]}) or an MCP tools/list result;
                  they replace the messages file's tools
  --generation-prompt
                  add_generation_prompt: end the prompt with the assistant turn's opening
  --template-name the named template of a tokenizer_config.json that holds several (default: tool_use
                  when tools are given and there is one, else default)
  --bos, --eos    the bos_token and eos_token, in place of the tokenizer config's
  --var N=V       a template variable (enable_thinking=false, bos_token=<s>); V is JSON when it parses as
                  JSON, else text; repeatable
  --dialect       transformers (the default for a render) or llama.cpp: lists changed in place and filters
                  giving lists, as llama.cpp's engine allows; --infer without it tries llama.cpp when a
                  template fails under transformers only for that

Exit status: 0 when every file was read (problems in the text and failed calls are reported
as data), 2 on bad usage, an unreadable file, or an MCP configuration or server that cannot be used.
eval: 0 when every case passed, 1 when one failed; with --baseline, 1 only when a case that passed in
the baseline fails now (known failures do not fail the build); 2 on bad usage, an unreadable file or a
suite with no case.
conform: 0 when no check failed, 1 when one did; 2 on bad usage, an unreadable or malformed capture, or a
server that cannot be reached; 130 when stopped with Ctrl+C.
render: 0 when printed; 2 on bad usage, an unreadable file, bad JSON, or a template that fails to render
or calls raise_exception (its kind, message, line and column on one line of standard error).`

/** Bad usage: said with the usage text, exit status 2. */
export class UsageError extends Error {}

/** One command line, read. */
export interface Command {
  protocol: string
  model: string | undefined
  /** The --tools file's path; read once the command runs. */
  toolsFile: string | null
  tools: unknown[] | undefined
  chunk: number | null
  files: string[]
  folder: string
  /** --timeout when given. */
  timeout: number | undefined
  /** The --settings file's path; read once the command runs. */
  settingsFile: string | null
  settings: ToolSettings
  parallel: boolean
  approve: boolean
  mcpConfig: string | null
  /** exec --collection: the collection file; `files` then holds the call's name. */
  collection: string | null
  /** --sampling-endpoint and --sampling-model: the model that answers MCP servers' sampling requests. */
  sampling: SamplingFlags
  /** --root: the folders MCP servers may see, as file:// URIs. */
  roots: McpRoot[]
}

/** Which options each command takes, and how many files (min, max). */
export const COMMANDS: Record<string, { options: string[]; files: [number, number] }> = {
  parse: { options: ['--protocol', '--model', '--tools', '--chunk'], files: [1, Infinity] },
  formats: { options: ['--model'], files: [0, 0] },
  prompt: { options: ['--protocol', '--mcp-config'], files: [0, 0] },
  tools: { options: ['--mcp-config'], files: [0, 0] },
  check: {
    options: ['--protocol', '--model', '--tools', '--files', '--settings', '--mcp-config'],
    files: [1, Infinity],
  },
  exec: {
    options: [
      '--protocol',
      '--model',
      '--tools',
      '--files',
      '--settings',
      '--timeout',
      '--parallel',
      '--approve',
      '--mcp-config',
      '--collection',
    ],
    files: [1, 1],
  },
}

/** The command line of command `name`; throws UsageError. */
export function readArgs(name: string, args: string[]): Command {
  const spec = COMMANDS[name] as (typeof COMMANDS)[string]
  // Every command that connects MCP servers answers their sampling requests.
  const sampling = spec.options.includes('--mcp-config') ? readSamplingArguments(args) : { rest: args, flags: {} }
  if ('error' in sampling) throw new UsageError(sampling.error)
  args = sampling.rest
  const roots = spec.options.includes('--mcp-config') ? rootsFromArguments(args) : { rest: args, roots: [] }
  if ('error' in roots) throw new UsageError(roots.error)
  args = roots.rest
  // Every command that reads a reply detects its formats, so check shows exactly what exec runs.
  const command: Command = {
    protocol: name === 'prompt' ? 'vcp' : 'auto',
    model: undefined,
    toolsFile: null,
    tools: undefined,
    chunk: null,
    files: [],
    folder: DEFAULT_FILES_FOLDER,
    timeout: undefined,
    settingsFile: null,
    settings: {},
    parallel: false,
    approve: false,
    mcpConfig: null,
    collection: null,
    sampling: sampling.flags,
    roots: roots.roots,
  }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg.startsWith('--')) {
      if (!spec.options.includes(arg)) throw new UsageError(`unknown option ${arg}`)
      if (arg === '--parallel' || arg === '--approve') {
        command[arg === '--parallel' ? 'parallel' : 'approve'] = true
        continue
      }
      const value = args[++i]
      if (value === undefined) throw new UsageError(`${arg} needs a value`)
      if (arg === '--protocol') {
        const auto = value === 'auto' && name !== 'prompt'
        const native = name !== 'prompt' && listFormats().some((f) => f.id === value)
        if (!auto && !native && !protocolRegistry.get(value)) {
          throw new UsageError(
            `unknown protocol "${value}"${value === 'auto' ? ' (auto detects when parsing; a prompt needs one protocol)' : name === 'prompt' ? '' : ' (vcp formats lists the formats)'}`,
          )
        }
        command.protocol = value
      } else if (arg === '--model') {
        command.model = value
      } else if (arg === '--tools') {
        command.toolsFile = value
      } else if (arg === '--files') {
        command.folder = value
      } else if (arg === '--mcp-config') {
        command.mcpConfig = value
      } else if (arg === '--collection') {
        command.collection = value
      } else if (arg === '--settings') {
        command.settingsFile = value
      } else {
        const n = Number(value)
        if (!Number.isInteger(n) || n < 1) throw new UsageError(`${arg} needs a positive whole number, got "${value}"`)
        if (arg === '--chunk') command.chunk = n
        else command.timeout = n
      }
    } else {
      command.files.push(arg)
    }
  }
  const [least, most] = spec.files
  if (command.collection !== null && command.files.length !== 1)
    throw new UsageError('--collection FILE takes the NAME of one saved call')
  if (command.files.length < least) throw new UsageError('no file given (use - for standard input)')
  if (command.files.length > most)
    throw new UsageError(most === 0 ? 'takes no file' : `takes one file, got ${command.files.length}`)
  return command
}
