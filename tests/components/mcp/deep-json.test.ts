// @vitest-environment happy-dom
/**
 * A resource of JSON nested 1,000 deep (4 KB) is shown: levels past the depth cap as text, with a
 * notice, and nothing overflows the stack while it is drawn.
 */
import { describe, expect, it } from 'vitest'
import type { McpResourceContent } from '../../../src/core/mcp'
import OfferContents from '../../../src/components/mcp/OfferContents.vue'
import { MAX_JSON_DEPTH } from '../../../src/components/common/json-depth'
import { mountWithApp } from '../../helpers-ui'

const nested = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)

function shown(text: string) {
  const content = { uri: 'test://deep.json', mimeType: 'application/json', kind: 'json', text, size: text.length }
  return mountWithApp(OfferContents, { props: { contents: [content as McpResourceContent] } })
}

describe('JSON nested deeper than the page draws', () => {
  it('a resource nested 1,000 deep is shown to the cap, the rest as text, with a notice', () => {
    const text = nested(1_000)
    expect(text.length).toBeLessThan(7_000)
    const wrapper = shown(text)
    expect(wrapper.find('[data-test="json-too-deep"]').text()).toContain(
      `nested 1,000 levels deep; levels past ${MAX_JSON_DEPTH} are shown as text`,
    )
    expect(wrapper.findAll('details.json-node').length).toBe(MAX_JSON_DEPTH)
    // What is past the cap is there, as text.
    expect(wrapper.find('[data-test="json-rest"]').text()).toContain('{"a":{"a":')
  })

  it('one within the cap is drawn whole, without a notice', () => {
    const wrapper = shown(nested(5))
    expect(wrapper.find('[data-test="json-too-deep"]').exists()).toBe(false)
    expect(wrapper.findAll('details.json-node').length).toBe(5)
  })
})
