import { RELEASE, UAI_VERSION } from './release.ts';
import { links, serviceDid, type Site } from './site.ts';

/** The reference server of this deployment: the party of the mock exchange's answers and of the examples. */
export function referenceServerParty(site: Site) {
  return {
    type: 'service',
    id: 'uai-reference-server',
    label: `${RELEASE} reference server`,
    uri: links(site).mockExchange,
    did: serviceDid(site, 'reference-server'),
    role: 'reference-server',
    implementation: `uai-reference-server/${UAI_VERSION}`,
  };
}
