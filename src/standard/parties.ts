import { RELEASE, UAI_VERSION } from './release.ts';
import { links, serviceDid, type Site } from './urls.ts';

/** The reference server's source.id, the same on every deployment. */
export const REFERENCE_SERVER_ID = 'uai-reference-server';

/**
 * The reference server of this deployment: the party of the mock exchange's answers, of the
 * reference server's and of the examples. Its address is where it speaks the bindings
 * (/v1/reference-server, the endpoints of its capability statement), so a peer that replies to
 * `source.uri` reaches it; the mock exchange simulates it and wraps its answers in a result.
 */
export function referenceServerParty(site: Site) {
  return {
    type: 'service',
    id: REFERENCE_SERVER_ID,
    label: `${RELEASE} reference server`,
    uri: links(site).referenceServer,
    did: serviceDid(site, 'reference-server'),
    role: 'reference-server',
    implementation: `uai-reference-server/${UAI_VERSION}`,
  };
}

/**
 * The trust block of a message the reference server signs: the signed-envelope channel with the
 * signature reference that channel expects (without it: trust.reference_missing).
 */
export function referenceServerTrust(site: Site, messageId: string) {
  return {
    channel: 'signed-envelope',
    auth_scheme: 'jws',
    principal: serviceDid(site, 'reference-server'),
    signature_ref: `${links(site).referenceServer}#sig-${messageId}`,
  };
}
