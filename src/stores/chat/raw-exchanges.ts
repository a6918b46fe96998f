/**
 * The raw exchanges of the chat's rounds, for the life of the page: never saved (a request body
 * holds the whole history, so saving them would fill localStorage), and only the latest rounds
 * kept, each bounded by the client's capture.
 */
import { shallowRef, type Ref } from 'vue'
import type { RawExchange } from '../../core'

/** How many rounds' exchanges are kept; older ones go first. */
export const KEPT_EXCHANGES = 50

/** What useRawExchanges returns. */
export interface RawExchangesReturn {
  /** Keeps the exchange of a reply's round (its index in the reply's run). */
  keep(messageId: string, round: number, exchange: RawExchange): void
  /** The exchange of a reply's round; undefined when it was not captured here (manual model, another page, dropped). */
  exchangeOf(messageId: string, round: number): RawExchange | undefined
  /** Bumped on every change, for views. */
  version: Ref<number>
}

/** The latest `limit` rounds' exchanges, by reply and round. */
export function useRawExchanges(limit: number = KEPT_EXCHANGES): RawExchangesReturn {
  // Not reactive: an exchange can hold megabytes of events, which need no proxies.
  const exchanges = new Map<string, RawExchange>()
  const version = shallowRef(0)
  const key = (messageId: string, round: number) => `${messageId}#${round}`

  function keep(messageId: string, round: number, exchange: RawExchange): void {
    const at = key(messageId, round)
    exchanges.delete(at)
    exchanges.set(at, exchange)
    for (const oldest of exchanges.keys()) {
      if (exchanges.size <= limit) break
      exchanges.delete(oldest)
    }
    version.value++
  }

  function exchangeOf(messageId: string, round: number): RawExchange | undefined {
    void version.value
    return exchanges.get(key(messageId, round))
  }

  return { keep, exchangeOf, version }
}
