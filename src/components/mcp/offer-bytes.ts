/**
 * What the offer panels do with a server's bytes and times: base64 decoded without throwing, a
 * file name for a download, a MIME type safe for a data URL, a time as HH:MM:SS.
 */

/** Bytes from base64, or why they could not be read. */
export type DecodedBytes = { ok: true; bytes: Uint8Array } | { ok: false; problem: string }

/** Decodes base64 (as a server sent it); never throws. */
export function decodeBase64(base64: string): DecodedBytes {
  try {
    const binary = atob(base64.replace(/\s+/g, ''))
    const bytes = new Uint8Array(binary.length)
    for (let n = 0; n < binary.length; n++) bytes[n] = binary.charCodeAt(n)
    return { ok: true, bytes }
  } catch {
    return { ok: false, problem: 'The server sent bytes that are not valid base64.' }
  }
}

/** A file name for a resource's download: its URI's last part (made safe), else "resource". */
export function downloadName(uri: string): string {
  const path = uri.split(/[?#]/)[0] ?? ''
  const last = path.split('/').filter(Boolean).at(-1) ?? ''
  let name = last
  try {
    name = decodeURIComponent(last)
  } catch {
    // Kept as written when it is not valid percent-encoding.
  }
  const safe = name
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 120)
  return safe === '' || /^[a-z][\w+.-]*:$/i.test(last) ? 'resource' : safe
}

/** The MIME type when it can stand in a data URL as an image's, else null. */
export function imageType(mimeType: string | undefined): string | null {
  return mimeType && /^image\/[\w.+-]+$/i.test(mimeType) ? mimeType : null
}

/** A time of day as HH:MM:SS (24 hours), the same in every language. */
export function timeOfDay(at: number): string {
  const date = new Date(at)
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':')
}
