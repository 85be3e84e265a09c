import { INTEGRITY_VERSION } from './release.ts';

/**
 * The integrity block this release writes (CONTRACT section 3): sha256 over the RFC 8785 (JCS)
 * form of the message without integrity. Members in published order; an empty checksum marks a
 * message not sealed yet.
 */
export const integrityBlock = (checksum: string) =>
  ({ version: INTEGRITY_VERSION, algorithm: 'sha256', canonicalization: 'jcs', checksum }) as const;
