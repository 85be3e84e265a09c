/** Every check a finding of the proxy may name: the kit's checks of both sides and the conversation rules. */
import { CONVERSATION_RULES } from '../../standard/conversation-rules.ts';
import { TEST_CHECKS, type KitCheck } from '../../standard/kit-checks.ts';

export const PROXY_CHECKS: readonly KitCheck[] = [...TEST_CHECKS, ...CONVERSATION_RULES];
export const proxyCheck = new Map(PROXY_CHECKS.map((c) => [c.id, c]));
