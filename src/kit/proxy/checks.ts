/** Every check a finding of the proxy may name: the kit's checks of both sides and the conversation rules. */
import { PUBLISHED_CHECKS } from '../../standard/conversation-rules.ts';

export const PROXY_CHECKS = PUBLISHED_CHECKS;
export const proxyCheck = new Map(PROXY_CHECKS.map((c) => [c.id, c]));
