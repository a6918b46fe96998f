// @vitest-environment happy-dom
/** The roots of a server's card: added as file:// URIs, refused with a reason, and each change told to the server. */
import { describe, expect, it } from 'vitest'
import RootsEditor from '../../../src/components/mcp/RootsEditor.vue'
import { useMcpRootsStore } from '../../../src/stores/mcp/roots'
import { mountWithApp } from '../../helpers-ui'
import { fakeSource } from './fake-source'

describe('the roots editor', () => {
  it('adds a root with its name, shows its URI, removes it, and tells the server each time', async () => {
    const source = fakeSource('files')
    const wrapper = mountWithApp(RootsEditor, { props: { source } })
    await wrapper.find('input[data-test="mcp-root-path"]').setValue('/home/me/My Notes')
    await wrapper.find('input[data-test="mcp-root-name"]').setValue('Notes')
    await wrapper.find('[data-test="mcp-root-add"]').trigger('click')
    expect(wrapper.find('[data-test="mcp-root-uri"]').text()).toBe('file:///home/me/My%20Notes')
    expect(wrapper.find('[data-test="mcp-root"]').text()).toContain('Notes')
    expect(useMcpRootsStore().rootsOf('files')).toEqual([{ uri: 'file:///home/me/My%20Notes', name: 'Notes' }])
    expect(source.rootsChanged).toHaveBeenCalledTimes(1)
    await wrapper.find('[data-test="mcp-root-remove"]').trigger('click')
    expect(wrapper.findAll('[data-test="mcp-root"]')).toHaveLength(0)
    expect(source.rootsChanged).toHaveBeenCalledTimes(2)
  })

  it('a path that cannot be a root is refused with the reason, and the server is not told', async () => {
    const source = fakeSource('files')
    const wrapper = mountWithApp(RootsEditor, { props: { source } })
    await wrapper.find('input[data-test="mcp-root-path"]').setValue('notes')
    await wrapper.find('[data-test="mcp-root-add"]').trigger('click')
    expect(wrapper.find('[data-test="mcp-root-problem"]').text()).toContain('not an absolute path')
    expect((wrapper.find('input[data-test="mcp-root-path"]').element as HTMLInputElement).value).toBe('notes')
    expect(source.rootsChanged).not.toHaveBeenCalled()
  })
})
