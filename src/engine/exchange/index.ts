/** Exchange checks: the linkage rules of one (request, response) pair, and the action that serves them. */
export { checkExchange, type ExchangeInput } from './check.ts';
export {
  checkExchangeAction,
  checkExchangeMessages,
  parseCheckExchangeRequest,
  EXCHANGE_CHECK_KIND,
  type CheckExchangeRequest,
  type CheckExchangeResult,
  type MessageVerdict,
} from './action.ts';
export { responseKind, valueAt } from './kind.ts';
export type { ExchangeCheck, ExchangeFinding, ExchangePair, ExchangeVerdict, VerdictCounts } from './types.ts';
export { reusedIdMessage, reusedIdOf, sameTaskState, type EarlierMessage } from './own-ids.ts';
export {
  ConversationJudge,
  MAX_REMEMBERED,
  httpDateMs,
  retryDelayMs,
  asksAgainLater,
  type ConversationFinding,
  type ConversationStep,
  type TaskHistory,
} from './conversation.ts';
