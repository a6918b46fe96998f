/**
 * The findings of an XML-invoke reading whose words depend only on the grammar (its tags): made
 * once per grammar and shared by every finding, as a text of many unclosed sections or cut calls
 * would otherwise build (and later copy) the same message again and again.
 */
import { ref, say, type SaidMessage } from '../../../messages/say'
import type { InvokeGrammar } from './xml-invoke-grammar'

/** One grammar's shared messages. */
export interface GrammarMessages {
  sectionUnclosedToEnd: SaidMessage
  sectionUnclosedToNext: SaidMessage
  textInSection: SaidMessage
  sectionEmpty: SaidMessage
  invokeTagCut: SaidMessage
  invokeNamesNoTool: SaidMessage
  callUnclosedToEnd: SaidMessage
  textInCall: SaidMessage
  parameterNamesNothing: SaidMessage
  parameterTagCut: SaidMessage
  callCutBeforeInvoke: SaidMessage
  callWithoutInvoke: SaidMessage
  /** Step-3's wrapper: never closed, and no `function<sep>` before its invoke (unused without a wrapper). */
  wrapperUnclosed: SaidMessage
  missingSeparator: SaidMessage
  /** An invoke whose closer is missing ends at `marker`, one that cannot be inside it. */
  callEndsAt(marker: string): SaidMessage
}

const RUNS_TO_END = ref('native.xml.where.runs-to-end')
const RUNS_TO_NEXT_SECTION = ref('native.xml.where.runs-to-next-section')
const byGrammar = new WeakMap<InvokeGrammar, GrammarMessages>()

/** The grammar's shared messages, made at its first reading. */
export function grammarMessages(g: InvokeGrammar): GrammarMessages {
  let messages = byGrammar.get(g)
  if (!messages) {
    messages = makeMessages(g)
    byGrammar.set(g, messages)
  }
  return messages
}

function makeMessages(g: InvokeGrammar): GrammarMessages {
  const { open, close } = g.section
  const invokeCloser = g.invoke.close
  const endsAt = new Map<string, SaidMessage>()
  const wrapper = g.callWrapper ?? { open: '', sep: '', close: '' }
  return {
    sectionUnclosedToEnd: say('native.xml.section-unclosed', { open, close, where: RUNS_TO_END }),
    sectionUnclosedToNext: say('native.xml.section-unclosed', { open, close, where: RUNS_TO_NEXT_SECTION }),
    textInSection: say('native.xml.text-in-section', { section: open }),
    sectionEmpty: say('native.xml.section-empty', { section: open }),
    invokeTagCut: say('native.xml.invoke-tag-cut', { tag: g.invoke.open }),
    invokeNamesNoTool: say('native.xml.invoke-names-no-tool', { tag: g.invoke.open }),
    callUnclosedToEnd: say('native.xml.call-unclosed', { closer: invokeCloser, where: RUNS_TO_END }),
    textInCall: say('native.xml.text-in-call', { tag: g.parameter.open }),
    parameterNamesNothing: say('native.xml.parameter-names-nothing', { tag: g.parameter.open }),
    parameterTagCut: say('native.xml.parameter-tag-cut', { tag: g.parameter.open }),
    callCutBeforeInvoke: say('native.xml.call-cut-before-invoke', { tag: g.invoke.open }),
    callWithoutInvoke: say('native.xml.call-without-invoke', { tag: g.invoke.open }),
    wrapperUnclosed: say('native.xml.wrapper-unclosed', { closer: wrapper.close }),
    missingSeparator: say('native.xml.missing-separator', { sep: wrapper.sep }),
    callEndsAt(marker) {
      let said = endsAt.get(marker)
      if (!said) {
        said = say('native.xml.call-unclosed', {
          closer: invokeCloser,
          where: ref('native.xml.where.ends-at', { marker }),
        })
        endsAt.set(marker, said)
      }
      return said
    },
  }
}
