/** Trust channels (CONTRACT section 9): the trust postures a message can declare. */
export interface TrustChannel {
  readonly id: 'credentialed' | 'signed-envelope' | 'public';
  readonly title: string;
  readonly auth_schemes: readonly string[];
  readonly required_references: readonly string[];
  readonly notes: string;
}

export const TRUST_CHANNEL_RECORDS: readonly TrustChannel[] = [
  {
    id: 'credentialed',
    title: 'Credentialed',
    auth_schemes: ['did+vc'],
    required_references: ['credential_ref'],
    notes:
      'The principal presents a verifiable credential; trust.credential_ref points at it. Missing the reference is a warning.',
  },
  {
    id: 'signed-envelope',
    title: 'Signed envelope',
    auth_schemes: ['jws', 'validator-record'],
    required_references: ['signature_ref'],
    notes:
      'A detached signature covers the envelope; trust.signature_ref points at it. Validator records use validator-record.',
  },
  {
    id: 'public',
    title: 'Public',
    auth_schemes: ['none'],
    required_references: [],
    notes: 'No identity claim; for public records and open test traffic.',
  },
];
