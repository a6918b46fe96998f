/**
 * The shapes of the syntax tree @huggingface/jinja's parser builds (its node classes are not exported):
 * each node carries its class name in `type`, which these interfaces narrow on.
 */

export type Node =
  | Program
  | If
  | For
  | Break
  | Continue
  | SetStatement
  | Macro
  | Comment
  | CallStatement
  | FilterStatement
  | Expression

export type Expression =
  | MemberExpression
  | CallExpression
  | Identifier
  | IntegerLiteral
  | FloatLiteral
  | StringLiteral
  | ArrayLiteral
  | TupleLiteral
  | ObjectLiteral
  | BinaryExpression
  | FilterExpression
  | SelectExpression
  | TestExpression
  | UnaryExpression
  | SliceExpression
  | KeywordArgumentExpression
  | SpreadExpression
  | KeywordSpreadExpression
  | Ternary

export interface Program {
  type: 'Program'
  body: Node[]
}
export interface If {
  type: 'If'
  test: Expression
  body: Node[]
  alternate: Node[]
}
export interface For {
  type: 'For'
  loopvar: Identifier | TupleLiteral
  iterable: Expression
  body: Node[]
  defaultBlock: Node[]
}
export interface Break {
  type: 'Break'
}
export interface Continue {
  type: 'Continue'
}
export interface SetStatement {
  type: 'Set'
  assignee: Expression
  value: Expression | null
  body: Node[]
}
export interface Macro {
  type: 'Macro'
  name: Identifier
  args: (Identifier | KeywordArgumentExpression)[]
  body: Node[]
}
export interface Comment {
  type: 'Comment'
  value: string
}
export interface CallStatement {
  type: 'CallStatement'
  call: CallExpression
  callerArgs: (Identifier | KeywordArgumentExpression)[] | null
  body: Node[]
}
export interface FilterStatement {
  type: 'FilterStatement'
  filter: Identifier | CallExpression
  body: Node[]
}
export interface MemberExpression {
  type: 'MemberExpression'
  object: Expression
  property: Expression
  computed: boolean
}
export interface CallExpression {
  type: 'CallExpression'
  callee: Expression
  args: Expression[]
}
export interface Identifier {
  type: 'Identifier'
  value: string
}
export interface IntegerLiteral {
  type: 'IntegerLiteral'
  value: number
}
export interface FloatLiteral {
  type: 'FloatLiteral'
  value: number
}
export interface StringLiteral {
  type: 'StringLiteral'
  value: string
}
export interface ArrayLiteral {
  type: 'ArrayLiteral'
  value: Expression[]
}
export interface TupleLiteral {
  type: 'TupleLiteral'
  value: Expression[]
}
export interface ObjectLiteral {
  type: 'ObjectLiteral'
  value: Map<Expression, Expression>
}
export interface BinaryExpression {
  type: 'BinaryExpression'
  operator: { value: string }
  left: Expression
  right: Expression
}
export interface FilterExpression {
  type: 'FilterExpression'
  operand: Expression
  filter: Identifier | CallExpression
}
export interface SelectExpression {
  type: 'SelectExpression'
  lhs: Expression
  test: Expression
}
export interface TestExpression {
  type: 'TestExpression'
  operand: Expression
  negate: boolean
  test: Identifier
}
export interface UnaryExpression {
  type: 'UnaryExpression'
  operator: { value: string }
  argument: Expression
}
export interface SliceExpression {
  type: 'SliceExpression'
  start: Expression | undefined
  stop: Expression | undefined
  step: Expression | undefined
}
export interface KeywordArgumentExpression {
  type: 'KeywordArgumentExpression'
  key: Identifier
  value: Expression
}
export interface SpreadExpression {
  type: 'SpreadExpression'
  argument: Expression
}
export interface KeywordSpreadExpression {
  type: 'KeywordSpreadExpression'
  argument: Expression
}
export interface Ternary {
  type: 'Ternary'
  condition: Expression
  trueExpr: Expression
  falseExpr: Expression
}
