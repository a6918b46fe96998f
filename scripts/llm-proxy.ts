/**
 * A development proxy for local model servers that send no CORS headers (or refuse browser
 * origins, as Ollama does): `/llm-proxy/PORT/...` on the workbench's own origin is forwarded to
 * `http://127.0.0.1:PORT/...`, streaming both ways. Loopback only, so it cannot reach anywhere else.
 *
 * Only the workbench's own page may use it: a request that a browser marks as coming from another
 * site (Origin or Sec-Fetch-Site), or that names a host other than loopback (DNS rebinding), is
 * refused with 403. Otherwise any web page could reach local servers through it with their origin
 * checks defeated, since the proxy drops the Origin header they would check.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Connect, Plugin } from 'vite'

export const PROXY_PREFIX = '/llm-proxy/'

export function llmProxyMiddleware(): Connect.NextHandleFunction {
  return (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
    const url = req.url ?? ''
    if (!url.startsWith(PROXY_PREFIX)) return next()
    const match = /^\/llm-proxy\/(\d{1,5})(\/.*)?$/.exec(url)
    const port = match ? Number(match[1]) : NaN
    if (!match || port < 1 || port > 65535) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          error: { message: `Use ${PROXY_PREFIX}PORT/v1 to reach a model server on 127.0.0.1:PORT.` },
        }),
      )
      return
    }
    const refusal = foreignPage(req)
    if (refusal) {
      res.writeHead(403, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          error: { message: `The workbench's proxy serves only the workbench's own page: ${refusal}.` },
        }),
      )
      req.resume()
      return
    }
    const headers = { ...req.headers }
    // The upstream sees a local client, not a browser page.
    delete headers.origin
    delete headers.referer
    delete headers.host
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path: match[2] ?? '/', headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', (error) => {
      if (res.headersSent) res.destroy(error)
      else
        res
          .writeHead(502, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ error: { message: `The proxy could not reach 127.0.0.1:${port}: ${error.message}` } }))
    })
    res.on('close', () => upstream.destroy())
    req.pipe(upstream)
  }
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i

/** Why a request does not come from the workbench's own page, or null when it does (or from no browser at all). */
export function foreignPage(req: IncomingMessage): string | null {
  const host = req.headers.host ?? ''
  if (!LOOPBACK_HOST.test(host)) return `the request names host "${host}", not this machine's loopback address`
  const origin = req.headers.origin
  if (origin !== undefined && origin !== `http://${host}`) return `it comes from a page on ${origin}`
  const site = req.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `the browser marks it as ${site}`
  return null
}

export function llmProxy(): Plugin {
  return {
    name: 'vcp-llm-proxy',
    configureServer: (server) => void server.middlewares.use(llmProxyMiddleware()),
    configurePreviewServer: (server) => void server.middlewares.use(llmProxyMiddleware()),
  }
}
