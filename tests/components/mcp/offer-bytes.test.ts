/** A server's bytes and times as the offer panels use them: never a throw on bad input. */
import { describe, expect, it } from 'vitest'
import { decodeBase64, downloadName, imageType, timeOfDay } from '../../../src/components/mcp/offer-bytes'

describe('offer bytes', () => {
  it('decodes base64, and says so when it is not base64', () => {
    expect(decodeBase64('AAEC\n/w==')).toEqual({ ok: true, bytes: new Uint8Array([0, 1, 2, 255]) })
    expect(decodeBase64('not base64!')).toEqual({
      ok: false,
      problem: 'The server sent bytes that are not valid base64.',
    })
  })

  it('names a download after the URI, safely', () => {
    expect(downloadName('demo://resource/dynamic/blob/2')).toBe('2')
    expect(downloadName('file:///tmp/My%20Report.pdf?x=1')).toBe('My_Report.pdf')
    expect(downloadName('test://../../etc/passwd')).toBe('passwd')
    expect(downloadName('test://x/..')).toBe('resource')
    expect(downloadName('demo:')).toBe('resource')
    expect(downloadName('test://%E0%A4%A')).toBe('E0_A4_A')
  })

  it('takes only image types that can stand in a data URL', () => {
    expect(imageType('image/png')).toBe('image/png')
    expect(imageType('image/svg+xml')).toBe('image/svg+xml')
    expect(imageType('image/png;base64,AAAA"')).toBeNull()
    expect(imageType('text/html')).toBeNull()
    expect(imageType(undefined)).toBeNull()
  })

  it('says a time of day as HH:MM:SS', () => {
    expect(timeOfDay(new Date(2024, 0, 2, 3, 4, 5).getTime())).toBe('03:04:05')
    expect(timeOfDay(new Date(2024, 0, 2, 23, 59, 0).getTime())).toBe('23:59:00')
  })
})
