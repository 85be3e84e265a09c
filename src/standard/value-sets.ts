/**
 * Enumerated values (CONTRACT section 2). Closed sets reject anything else (error);
 * open sets list registered values and warn on others. All are published in the field registry.
 */
export const PARTY_TYPES = ['agent', 'service', 'message', 'human', 'tool'] as const;
export const DELIVERY_MODES = ['sync', 'async'] as const;
export const DELIVERY_PRIORITIES = ['interactive', 'routine', 'bulk'] as const;
export const TRUST_CHANNELS = ['credentialed', 'signed-envelope', 'public'] as const;
export const AUTH_SCHEMES = ['did+vc', 'jws', 'validator-record', 'none'] as const;
export const INTEGRITY_ALGORITHMS = ['sha256'] as const;
export const CANONICALIZATIONS = ['jcs'] as const;
export const INTEGRITY_VERSIONS = [2] as const;
export const RESPONSE_STATUSES = ['accepted', 'completed', 'rejected'] as const;
export const CONFORMANCE_STATUSES = ['pass', 'fail'] as const;
export const CONFORMANCE_LEVEL_IDS = ['L0', 'L1', 'L2', 'L3', 'L4'] as const;
export const SEVERITIES = ['error', 'warning'] as const;
export const TASK_STATES = ['accepted', 'working', 'input-required', 'completed', 'failed', 'canceled'] as const;

export type TaskState = (typeof TASK_STATES)[number];

/** Task transitions (CONTRACT section 2); completed, failed and canceled are terminal. */
export const TASK_TRANSITIONS: Readonly<Record<TaskState, readonly TaskState[]>> = {
  accepted: ['working', 'canceled', 'failed'],
  working: ['input-required', 'completed', 'failed', 'canceled'],
  'input-required': ['working', 'canceled', 'failed'],
  completed: [],
  failed: [],
  canceled: [],
};

export const PARTY_ROLES = [
  'requesting-agent',
  'public-record-gateway',
  'conformance-checker',
  'checked-record',
  'reference-server',
] as const;
export const INTENTS = ['resolve-profile'] as const;
export const CONSTRAINTS = ['public-record-only', 'trace-linked', 'validator-ready'] as const;
export const NOTICES = [
  'accepted-task-started',
  'use-task-status-example-for-shape-checks',
  'reference-surface-response',
  'completed-inline-result',
  'typed-error-simulated',
] as const;

export const MOCK_SCENARIOS = ['accepted-task', 'completed-response', 'typed-error'] as const;
export type MockScenario = (typeof MOCK_SCENARIOS)[number];
export const MOCK_FORMATS = ['exchange', 'message'] as const;
export const VALIDATE_FORMATS = ['result', 'summary', 'record', 'sarif'] as const;
export const NORMALIZATION_MODES = ['keyed-json', 'keyless-json'] as const;

/** Extension namespaces this release registers; a critical extension outside them is an error. */
export const REGISTERED_EXTENSIONS = [
  { namespace: 'urn:uai:ext:delivery', purpose: 'Delivery hints beyond the envelope (retries, callbacks).' },
  { namespace: 'urn:uai:ext:evidence', purpose: 'Evidence attached by a validator or auditor.' },
  { namespace: 'urn:uai:ext:mock-exchange', purpose: 'Marks a message produced by the reference mock exchange.' },
] as const;
