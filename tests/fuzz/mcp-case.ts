/**
 * One MCP fuzz case for the property tests and `npm run fuzz -- --target mcp`: what a server lists,
 * returns and notifies, what else it offers, and a form it asks a person to fill.
 */
import fc from 'fast-check'
import { argumentsArb, callResultArb, listingArb, progressArb } from './mcp-input'
import { anything, elicitationCaseArb, offerItemArb } from './mcp-server-asks-input'

/** One fuzz case: a listing, arguments for each tool, a result, a burst of progress, listed prompts, resources and templates, and a form elicitation. */
export const mcpCaseArb = fc.record({
  offer: fc.array(fc.oneof(offerItemArb as fc.Arbitrary<unknown>, anything), { maxLength: 6 }),
  elicitation: elicitationCaseArb,
  listing: listingArb,
  args: fc.array(argumentsArb, { minLength: 1, maxLength: 3 }),
  result: callResultArb,
  progress: fc.array(progressArb, { maxLength: 20 }),
})

export type McpCase = typeof mcpCaseArb extends fc.Arbitrary<infer T> ? T : never
