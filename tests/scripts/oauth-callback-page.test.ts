/**
 * The sign-in page of HTTP servers (public/oauth-callback.html) is reached by an authorization
 * server's redirect, from another site: the dev server serves it then, without the bridge's secret,
 * while the workbench page itself is still refused to such a navigation.
 */
import { describe, expect, it } from 'vitest'
import { request } from 'node:http'
import { resolve } from 'node:path'
import { createServer as createViteServer } from 'vite'

/** What a browser sends when another site redirects it here. */
const CROSS_SITE_NAVIGATION = {
  'Sec-Fetch-Mode': 'navigate',
  'Sec-Fetch-Dest': 'document',
  'Sec-Fetch-Site': 'cross-site',
  Accept: 'text/html',
}

function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    request(url, { headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => done({ status: res.statusCode ?? 0, body }))
    })
      .on('error', fail)
      .end()
  })
}

describe('the OAuth callback page', () => {
  it('is served to a cross-site redirect, without the secret; the workbench page is not', async () => {
    const vite = await createViteServer({
      configFile: resolve('vite.config.ts'),
      server: { port: 0, strictPort: false },
      logLevel: 'silent',
    })
    await vite.listen()
    try {
      const root = `http://127.0.0.1:${(vite.httpServer?.address() as { port: number }).port}`
      const callback = await rawGet(`${root}/oauth-callback.html?code=c&state=s`, CROSS_SITE_NAVIGATION)
      expect(callback.status).toBe(200)
      expect(callback.body).toContain('/oauth-callback.js')
      expect(callback.body).not.toContain('vcp-bridge-secret')
      expect((await rawGet(`${root}/`, CROSS_SITE_NAVIGATION)).status).toBe(403)
      expect((await rawGet(`${root}/index.html`, CROSS_SITE_NAVIGATION)).status).toBe(403)
    } finally {
      await vite.close()
    }
  }, 60_000)
})
