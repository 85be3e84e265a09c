import { STATIC_PAGES } from '../service/pages.ts';
import { ERROR_CODES, ISSUE_CODES } from '../standard/codes.ts';
import { CONFORMANCE_LEVELS } from '../standard/levels.ts';
import { OBJECTS } from '../standard/objects/index.ts';
import { PROFILES } from '../standard/profiles.ts';
import { GLOSSARY, termAnchor } from './glossary.ts';

/**
 * The English source of every translated message, keyed by message id. Strings of the page chrome
 * are written here; titles and summaries that the standard's data already holds (pages, profiles)
 * are taken from it, so English stays written once. Marks: `{name}` placeholders, `` `code` ``
 * spans and `[text]({name})` links (src/i18n/check.ts).
 */
const UI = {
  // Layout chrome
  'layout.skip': 'Skip to content',
  'layout.brand_tagline': 'message interchange standard',
  'layout.api': 'API',
  'layout.validate': 'Validate',
  'layout.catalog_json': 'Catalog JSON',
  'layout.menu': 'Menu',
  'layout.site_nav': 'Site',
  'layout.home': 'Home',
  'layout.json_twin': 'JSON twin:',
  'layout.json_twin_title': 'JSON twin of this page',
  'layout.openapi': 'OpenAPI document',
  'layout.error_registry': 'Error registry',
  'layout.roadmap': 'Roadmap',
  'layout.translations': 'Translations',
  'layout.glossary': 'Glossary',
  'layout.home_title': '{release}: the agent-to-agent message interchange standard',
  'nav.start': 'Start',
  'nav.standard': 'The standard',
  'nav.tools': 'Tools',
  // Language: banner and switcher
  'locale.switcher': 'Language',
  'locale.banner':
    'This page is a translation. The [English page]({english}) and the JSON records under `/v1` are authoritative.',
  'locale.stale_note': 'Some passages are not yet translated and are shown in English.',
  // TwinLink
  'twin.how_to_call': 'how to call it',
  // Search
  'search.label': 'Search the site',
  'search.placeholder': 'Search keys, codes, pages',
  'search.results': 'Search results',
  // Spoken by screen readers as results come: no count for one result, so no plural forms are needed.
  'search.found_none': 'No results for {term}',
  'search.found_one': 'One result for {term}',
  'search.found_many': '{count} results for {term}',
  'search.unavailable': 'Search is not available here: the index is written by the site build.',
  // 404
  'notfound.title': 'Page not found',
  'notfound.description': 'This page does not exist on the UAI-1 site.',
  'notfound.lede': 'There is no page at this address.',
  'notfound.catalog': 'Catalog of every route and page',
  // Home
  'home.heading': 'UAI-1: agent-to-agent message interchange',
  'home.lede':
    'UAI-1 is a small, JSON-first standard for messages between software agents: one envelope, {count} profiles, published JSON Schemas, a field registry with a compact keyless form, checksums over the RFC 8785 canonical form, and a live validator that tells you exactly what to fix.',
  'home.validate': 'Validate a message',
  'home.kit': 'Get the adoption kit',
  'home.api': 'API reference',
  'home.call_order': 'Recommended call order',
  'home.call_order_intro': 'A client resolves the inventory first, then moves from reading to doing:',
  'home.step.catalog.title': 'Read the catalog',
  'home.step.catalog.text': 'Every route, the counts and the page map: resolve the inventory before any other call.',
  'home.step.roadmap.title': 'Check the roadmap',
  'home.step.roadmap.text': 'What the service supports today, and what is only planned.',
  'home.step.adoption-kit.title': 'Take the adoption kit',
  'home.step.adoption-kit.text': 'A first request message and starters in four languages.',
  'home.step.validate.title': 'Validate a message',
  'home.step.validate.text': 'POST it to the validator: verdict, conformance level and every issue with its path.',
  'home.step.mock-exchange.title': 'Run a mock exchange',
  'home.step.mock-exchange.text': 'Send the request to the reference server and get a conforming response.',
  'home.profiles': 'Profiles',
  'home.glance': 'At a glance',
  'home.glance.routes': '{count} routes',
  'home.glance.routes_text':
    'Every record is static JSON under `/v1`; four POST routes act, and the reference server answers GETs too.',
  'home.glance.codes': '{count} codes',
  'home.glance.codes_text':
    '{issues} validator issue codes, each with a fix, and {errors} error codes with their status.',
  'home.glance.levels': '{count} conformance levels',
  'home.glance.levels_text': 'From L0 parseable to L4 exchange-ready.',
  'home.glance.pack_text': 'Schemas, registries and fixtures in one download.',
  'home.glance.kit_text':
    'Run `npx uai test <endpoint>` against your own server: every answer and every exchange checked.',
  'home.quick_links': 'Quick links',
  // Pages of the site only (no record of /v1 lists them)
  'page.translation-status.title': 'Translation status',
  'page.translation-status.description':
    'How complete each translation of the site is: complete, stale and missing messages.',
  'page.glossary.title': 'Glossary',
  'page.glossary.description': 'Terms of the standard that every translation keeps in English.',
  // Catalog, discovery, registry
  'catalog.lede':
    'The first call of a client: every route of the REST surface, the counts of the standard and the public page map.',
  'catalog.release': 'Release',
  'catalog.base_url': 'Base URL',
  'catalog.generated_at': 'Generated at',
  'catalog.call_order': 'Call order',
  'catalog.routes': 'Routes',
  'catalog.method': 'Method',
  'catalog.path': 'Path',
  'catalog.kind': 'Kind',
  'catalog.purpose': 'Purpose',
  'catalog.page': 'Page',
  'catalog.page_link': 'page',
  'catalog.counts': 'Counts',
  'catalog.what': 'What',
  'catalog.count': 'Count',
  'catalog.page_map': 'Page map',
  'catalog.record': 'Record',
  'discovery.lede': 'Release metadata and the inventory of profiles, with the artifacts of each.',
  'discovery.current_release': 'Current release',
  'discovery.registry_release': 'Registry release',
  'discovery.inventory': 'Profile inventory',
  'registry.lede':
    'Stable profile identifiers, their status, which profiles answer which, and the artifacts of each. Registry release {release} of {date}.',
  'registry.table': 'Profile registry',
  'registry.profile': 'Profile',
  'registry.artifacts': 'Artifacts',
  'registry.entry': 'entry',
  'registry.example': 'example',
  'registry.registry': 'registry',
  'registry.order_map': 'order map',
  'registry.states': 'Task states of {code_id}',
  'registry.transitions': 'Task state transitions of {id}',
  'registry.state': 'State',
  'registry.may_move': 'May move to',
  // Transport bindings, trust channels, examples
  'bindings.lede': 'How a UAI-1 message travels. {count} bindings, each with its media type, shape and protocol fit.',
  'bindings.id': 'Id',
  'bindings.media_type': 'Media type',
  'bindings.shape': 'Shape',
  'bindings.protocol_fit': 'Protocol fit',
  'bindings.notes': 'Notes',
  'trust.channel': 'Channel',
  'trust.auth_schemes': 'Auth schemes',
  'trust.references': 'Required references',
  'trust.none': 'none',
  'trust.fields': 'The fields live in the [trust object]({object}) of the envelope.',
  'examples.lede': '{count} valid example messages, one per profile, each with a correct checksum.',
  'examples.nav': 'Examples on this page',
  'examples.checksum': 'Checksum',
  'examples.record': 'example record',
  'examples.message': 'Message ({profile})',
  // Adoption kit, conformance pack
  'kit.lede':
    'Everything to send a first valid UAI-1 message: the first packet, request bodies for the two POST routes, and starters in {count} languages.',
  'kit.download': 'Download the adoption kit ({file})',
  'kit.view_json': 'View as JSON',
  'kit.use': 'How to use it',
  'kit.files': 'Files',
  'kit.starter_files': 'Starter files',
  'kit.file': 'File',
  'kit.run': 'Run',
  'kit.proof': 'Proof',
  'kit.proof_text':
    "The validator's result for the first packet: {verdict}, level {level}, {errors} errors, {warnings} warnings.",
  'kit.ci': 'Check messages in CI',
  'kit.ci_text':
    "The offline validator runs the same engine in CI: `npx uai validate 'messages/**/*.json'` prints `file:line:column` per finding, and `--format sarif`, `junit` or `github` give code scanning results, test reports or pull-request annotations. The repository's GitHub Action (`action.yml`) validates a glob and uploads SARIF to code scanning:",
  'kit.test_server': 'Test your server',
  'kit.test_server_text':
    'Once your server answers requests, the test kit checks it end to end: `npx uai test <your endpoint>` reads your capability statement, sends requests and hostile requests, and judges every answer and every exchange. See [Test your implementation]({kit}).',
  'kit.next_steps': 'Next steps',
  'kit.contents': 'File contents',
  'pack.lede':
    'One JSON bundle with everything an implementer needs offline: schemas, registries, bindings, trust channels, levels, the error registry, the roadmap boundary, guidance and fixtures.',
  'pack.download': 'Download the conformance pack ({file})',
  'pack.contents': 'Contents',
  'pack.schemas': '{count} JSON Schemas',
  'pack.records':
    'Registry, field registry, transport bindings, trust channels, conformance levels and the error registry',
  'pack.boundary': 'Roadmap boundary: current {current}; not supported yet {later}',
  'pack.fixtures_count': '{valid} valid fixtures and {invalid} invalid fixtures',
  'pack.guidance': 'Guidance',
  'pack.checklist': 'Implementation evidence checklist',
  'pack.fixtures': 'Fixtures',
  'pack.valid': 'Valid fixtures',
  'pack.invalid': 'Invalid fixtures',
  'pack.exchange': 'Exchange fixtures',
  'pack.exchange_count':
    '{count} exchange fixtures: request and response pairs the exchange rules must judge as published',
  'pack.must_fail': 'Must fail',
  'pack.fixture': 'Fixture',
  'pack.form': 'Form',
  'pack.mode': 'Mode',
  'pack.must_raise': 'Must raise',
  'pack.level': 'Level',
  'pack.reporting_rules': 'Reporting rules',
  'pack.reporting_rules_lede':
    'Where two codes could apply to one finding, which one is reported; each rule is shown by a fixture.',
  'pack.shown_by': 'Shown by',
  'pack.fixture_format': 'Fixture format',
  // Profiles
  'profiles.lede':
    'UAI-1 has {count} current profiles. Each shares the envelope and gives the body its own shape, published as a JSON Schema ({dialect}).',
  'profiles.schemas': 'Schemas',
  'profiles.shared': 'Profile schemas reference the shared definitions in',
  'profiles.table': 'Published schemas',
  'profiles.schema_id': 'Schema id',
  'profiles.kind': 'Kind',
  'profiles.title': 'Title',
  'profiles.schema': 'schema',
  'profile.role': 'Role',
  'profile.status': 'Status',
  'profile.answered_by': 'Answered by',
  'profile.answers': 'Answers',
  'profile.registry_entry': 'Registry entry',
  'profile.example_json': 'Example JSON',
  'profile.order_map': 'Field order map',
  'profile.states': 'States and transitions',
  'profile.terminal': 'terminal',
  'profile.fields': 'Fields',
  'profile.fields_intro':
    'Every message carries the shared [envelope]({envelope}); its `body` has the shape below. Position is the index of the field in the keyless form ([field registry]({registry})).',
  'profile.example': 'Example message',
  'profile.example_label': '{title} (keyed JSON)',
  'profile.validate_example': 'Validate this example in the playground',
  // Field registry page
  'fieldreg.lede':
    'Keys, value sets and the compact field order maps that keep keyed JSON, keyless transport and nested bodies aligned. Registry release {release} of {date}.',
  'fieldreg.key_policy': 'Key policy',
  'fieldreg.keyless': 'Keyless transport',
  'fieldreg.worked': 'Worked example: one whole message, keyed and keyless',
  'fieldreg.worked_text':
    "The [intent request example]({example}) in both forms. The keyless form is the keyed message with every registered object replaced by an array ordered by its map; the envelope's `body` follows the map of {code_profile}. Both give the same checksum, which is always computed over the keyed form.",
  'fieldreg.keyless_json': 'Keyless JSON',
  'fieldreg.positions_label': 'Envelope positions of the worked example',
  'fieldreg.positions_caption': 'Top-level positions of the keyless message',
  'fieldreg.keyless_value': 'Keyless value',
  'fieldreg.value_sets': 'Value sets',
  'fieldreg.value_sets_label': 'Closed and open value sets',
  'fieldreg.field': 'Field',
  'fieldreg.set': 'Set',
  'fieldreg.closed': 'closed',
  'fieldreg.open': 'open',
  'fieldreg.extensions': 'Registered extensions',
  'fieldreg.extensions_label': 'Registered extension namespaces',
  'fieldreg.namespace': 'Namespace',
  'fieldreg.purpose': 'Purpose',
  'fieldreg.order_maps': 'Order maps',
  'fieldreg.order_maps_text':
    'One map per object. Position is the index in `ordered_fields`; required positions must not be null in keyless form.',
  'fieldreg.map_version': 'Map version',
  // Field tables (profile pages, field registry)
  'fields.table': 'Fields of {object}',
  'fields.key': 'Key',
  'fields.position': 'Position',
  'fields.type': 'Type',
  'fields.required': 'Required',
  'fields.values': 'Values',
  'fields.description': 'Description',
  'fields.is_required': 'required',
  'fields.optional': 'optional',
  'fields.one_of': 'one of',
  'fields.open_set': 'open set; registered:',
  'fields.pattern': 'pattern',
  // Playgrounds: an issue shown by its code in the page's language
  'playground.english_message': "The service's message (English)",
  'playgrounds.lede':
    "Three pages call the service's live POST routes from the browser, so you can try UAI-1 without writing a client. They send exactly what a client would send; the [API reference]({api}) shows the same calls with `curl`.",
  'playgrounds.does.validate':
    'Paste a message (or start from a published example), keyed or keyless, and see the verdict, the conformance level reached and every issue with its JSON Pointer path, marked on its line of the message, and a link to its code. Download the conformance record.',
  'playgrounds.does.mock-exchange':
    'Send an intent request to the reference server and pick a scenario (accepted task, completed response, typed error): see the simulated HTTP status and the conforming response message.',
  'playgrounds.does.check-exchange':
    'Paste a request and the response that answered it (or start from a valid or a broken fixture pair): see both messages validated and every exchange rule passed, failed or skipped, with the JSON Pointer of each finding.',
  'playgrounds.calls': 'Calls',
  'playgrounds.offline': 'Offline',
  'playgrounds.offline_text':
    "The same engine runs offline: `npx uai validate message.json` gives the issues the validator route gives, with no network, and `npx uai check-exchange` gives the exchange check's verdicts. The records the validator and mock-exchange playgrounds start from are static JSON: the [examples]({examples}) and the [field registry]({registry}) that drives the keyless form; the exchange-check playground starts from static exchange fixtures.",
  'mock.lede':
    "Send an intent request to the reference server's mock exchange ({code_route}) and see the simulated HTTP status and the conforming response message it would send back.",
  'mock.scenario': 'Scenario',
  'mock.scenario.accepted-task': 'Accepted task: 202, an asynchronous task is started',
  'mock.scenario.completed-response': 'Completed response: 200, the result inline',
  'mock.scenario.typed-error': 'Typed error: 422, a uai.error.v1 message',
  'mock.message': 'Request message (uai.intent.request.v1)',
  'mock.hint':
    'Starts as the published request example. A request that fails validation gets a typed error (400) in any scenario.',
  'mock.run': 'Run the exchange',
  'mock.nothing_yet': 'No exchange run yet.',
  'validate.lede':
    'Check a message against UAI-1 with the live validator ({code_route}). Pick a published example or paste your own message, keyed or keyless; you get the verdict, the conformance level and every issue with its JSON Pointer path, marked on its line of the message.',
  'validate.example': 'Start from a published example',
  'validate.form': 'Form of the message',
  'validate.keyed': 'Keyed JSON',
  'validate.keyless': 'Keyless JSON (order maps)',
  'validate.message': 'Message',
  'validate.hint':
    "Edit freely. Switching the form converts the current message with the field registry's order maps; keyless messages are sent with `normalization_mode` `keyless-json`.",
  'validate.submit': 'Validate',
  'validate.reset': 'Reset to the example',
  'validate.result': 'Result',
  'validate.nothing_yet': 'Nothing validated yet.',
  // Conformance levels
  'levels.lede':
    'A ladder of support claims. Each level includes the ones below it; the validator reports the highest level a message reaches.',
  'levels.checks': 'Checks',
  'levels.codes': 'Issue codes guarded',
  // Error registry
  'errors.lede':
    'Every code the validator and the service can report. Each code has its own anchor on this page (the `help_url` of issue items) and a description; each issue code also says how to fix it. Problem responses use {code_media_type}.',
  'errors.item_fields': 'Issue item fields:',
  'errors.issue_codes': 'Validator issue codes',
  'errors.level': 'Level',
  'errors.level_table': 'Issue codes of level {level}',
  'errors.code': 'Code',
  'errors.severity': 'Severity',
  'errors.title_description': 'Title and description',
  'errors.fix': 'How to fix',
  'errors.error_codes': 'Error codes',
  'errors.error_codes_intro': 'HTTP problem responses and [`uai.error.v1`]({profile}) bodies carry these codes.',
  'errors.error_table': 'Error codes',
  'errors.status': 'Status',
  'errors.used_in': 'Used in',
  'errors.retryable': 'Retryable',
  'errors.yes': 'yes',
  'errors.no': 'no',
  'errors.kit_checks': 'Test-kit checks',
  'errors.kit_intro':
    'The implementation test kit ([`uai test <endpoint>`]({kit})) reports each failed check as an issue whose code is the check id, linked here. A `must` failure fails the run; a `should` failure is reported only.',
  // Translation status
  'status.lede':
    'How complete each translation is. English is the authoritative text; a message whose English source changed after it was translated is stale and shown in English until it is updated.',
  'status.locale': 'Language',
  'status.complete': 'Complete',
  'status.stale': 'Stale',
  'status.missing': 'Missing',
  'status.total': 'Messages',
  'status.table': 'Translation status by language',
  'status.stale_list': 'Stale messages in {language}',
  'status.none_stale': 'No stale messages.',
  'status.scope': 'What is translated',
  'status.scope_text':
    'Prose, headings, navigation, page titles and profile summaries. Never translated: keys, codes, profile ids, URLs, JSON examples, the `/v1` records and every API answer.',
  'status.json': 'The same figures as JSON: [translation status]({json}).',
  // Glossary
  'glossary.lede':
    'Terms of the standard that every translation keeps in English, so that a reader can match a translated page to the specification, the records and the API.',
  'glossary.term': 'Term',
  'glossary.meaning': 'Meaning',
  'glossary.table': 'Terms kept in English',
  // Report of implementations, one implementation, how to get listed
  'impl.lede':
    "Who implements UAI-1, and how far: each entry is a sealed `uai.conformance.result.v1` message that the [test kit]({kit}) produced about an implementation, verified on every build. The reference server's entry is made by running the kit against it during the build.",
  'impl.count':
    'Implementations: {count}. A result older than {days} days is marked stale. [How to get listed]({listed}).',
  'impl.filters': 'Filter implementations',
  'impl.side': 'Side',
  'impl.side.server': 'server',
  'impl.side.client': 'client',
  'impl.all': 'all',
  'impl.level_at_least': 'Level at least',
  'impl.any': 'any',
  'impl.shown': '{count} shown',
  'impl.summary': 'Summary',
  'impl.summary_table': 'Implementations and their levels',
  'impl.implementation': 'Implementation',
  'impl.level': 'Level',
  'impl.result': 'Result',
  'impl.must_counts': 'must pass / fail',
  'impl.should_counts': 'should pass / fail',
  'impl.checked': 'Checked',
  'impl.days_short': '{days} d',
  'impl.no_level': 'none',
  'impl.stale': 'stale',
  'impl.status.pass': 'pass',
  'impl.status.fail': 'fail',
  'impl.status.skip': 'skipped',
  'impl.status.na': 'not applicable',
  'impl.matrix': 'Check by check',
  'impl.legend': '✓ pass, ✗ fail, – skipped (not declared by the implementation), · not a check of its side.',
  'impl.matrix_table': 'Verdicts of every implementation, by check',
  'impl.check': 'Check',
  'impl.page_title': '{name} (implementation)',
  'impl.page_description': '{name}: UAI-1 test-kit result, level {level}, {status}.',
  'impl.entry.what': 'A {side} written in {language}.',
  'impl.entry.level': 'Level:',
  'impl.entry.result': 'Test kit result:',
  'impl.entry.stale': 'Checked {days} days before this build, over the {limit}-day window.',
  'impl.target': 'Target',
  'impl.homepage': 'Home page',
  'impl.repository': 'Repository',
  'impl.release': 'Kit release',
  'impl.days_before': '{days} days before this build',
  'impl.passed_failed': '{pass} passed, {fail} failed',
  'impl.skipped': 'Skipped',
  'impl.sealed': 'Sealed result',
  'impl.failures': 'Failures',
  'impl.no_failure': 'None: every check passed.',
  'impl.no_failure_applied': 'None: every check that applied passed.',
  'impl.in_baseline': 'listed in its baseline',
  'impl.baseline': 'Baseline:',
  'impl.regressions': 'Regressions:',
  'impl.no_regression': 'No regression.',
  'impl.baseline_stale': 'Stale entries:',
  'impl.badge': 'Badge',
  'impl.badge_text': 'Paste into a README (a static SVG of this site):',
  'impl.badge_label': 'Badge Markdown',
  'impl.shields_text': 'Or let shields.io draw it from the [endpoint JSON]({json}):',
  'impl.shields_label': 'shields.io endpoint badge Markdown',
  'impl.verify': 'Verify it yourself',
  'impl.verify_text': 'The sealed result is served byte for byte as submitted; its checksum shows it was not edited.',
  'impl.verify_label': 'Fetch and validate the result',
  'impl.every_check': 'Every check',
  'impl.verdicts_of': 'Verdicts of {name}',
  'impl.status': 'Status',
  'listed.lede':
    'The [report of implementations]({report}) lists every implementation whose test-kit result is in the repository. Adding yours is a pull request with two files: no code changes.',
  'listed.run': '1. Run the kit',
  'listed.run_text':
    'Run the [test kit]({kit}) against your endpoint and keep its sealed result, a `uai.conformance.result.v1` message about your implementation. Do not edit it: its checksum would no longer hold.',
  'listed.run_label': 'Run the kit and keep the result',
  'listed.files': '2. Add two files',
  'listed.files_text':
    'One folder per implementation under `implementations/`, named by a short slug (lower-case letters, digits, hyphens):',
  'listed.files_label': 'The files of an entry',
  'listed.meta_text':
    "`meta.json` names it: `target` is the endpoint you tested (the result's `target.id`), `side` is `server` or `client`, `repository` is optional, and `expected_failures` is your kit baseline when you have one. Adding `report.json` (the same run with `--format json`) shows which checks were skipped.",
  'listed.checks': '3. What the build checks',
  'listed.check.0':
    'The result validates with 0 errors, checksum included, with the same engine as `POST /v1/validate`.',
  'listed.check.1':
    "A published release of the kit produced it, and every check it names is published (the error registry's `test_checks`).",
  'listed.check.2':
    "Its target is the target `meta.json` names, and it was not checked after the build. A server's target is a public https endpoint, so that anyone can run the kit against it again: a run against `localhost`, a private address or plain http is refused.",
  'listed.check.3':
    '`meta.json` has a name, side, target, language and an http(s) home page; a `report.json` must carry the same sealed result and agree with it on every failure.',
  'listed.check_first':
    'Before the pull request, `uai check-entry` runs the same checks on your folder and prints the level the report will give it (`--local` previews a run against a server on your own machine, marked as one the report refuses).',
  'listed.check_label': 'Check the entry as the build will',
  'listed.broken':
    'A broken entry fails the build with one line naming the file and the reason. A result checked more than {days} days before the build stays listed, marked stale: run the kit again and replace `result.json` to refresh it.',
  'listed.level': '4. Your level and badge',
  'listed.level_text':
    'Your entry is placed on the [L0 to L4 ladder]({levels}): L4 when every check passes, L3 when every must check passes, lower when a failing must check denies a level (a failing exchange rule denies L2, a failing `message.valid` L1, an unreachable capability statement L0). Your page then shows a badge and the Markdown to paste.',
  // Code blocks: the copy button
  'code.copy': 'Copy',
  'code.copied': 'Copied',
  'code.selected': 'Selected',
  // Test-kit page and its check table
  'testkit.lede':
    '`uai validate` checks one message; the [mock exchange]({mock}) lets a client try its requests against our reference server. The test kit is the other half: it tells whether your server speaks UAI-1.',
  'testkit.run_label': 'Run the kit',
  'testkit.what': 'What it does',
  'testkit.step1.title': 'Reads your capability statement',
  'testkit.step1.text':
    '`GET` of the endpoint (or `--capability <url>`). It must be a valid [`uai.capability.statement.v1`]({profile}); its `endpoints` say which bindings the endpoint under test speaks (`https-json-keyed`, `https-json-keyless`) and where accepted tasks are polled (`https-async-callback`, a URL the task reference is appended to).',
  'testkit.step2.title': 'Sends what you declare',
  'testkit.step2.text':
    'One request at a time, each a fresh, correctly sealed `uai.intent.request.v1` addressed to the party your statement names, resolving a profile you support: an async request, a sync request and its follow-up (the next turn of that conversation), a request for a profile no registry lists (it must be answered with a typed error), a keyless request when you declare keyless beside keyed (answered with the kind of answer the keyed async request got), and two polls of the task your async answer started when you declare polling (the second right after the first). An endpoint that declares only keyless is sent every request as a keyless array, the hostile ones too.',
  'testkit.step3.title': 'Sends hostile requests',
  'testkit.step3.text':
    'You must refuse them with `4xx` and either a `uai.error.v1` message or an `application/problem+json` body, both carrying a code published in the [error registry]({errors}): a wrong checksum, an unknown profile, `uai_version` 2.0, an alias key (`messageId`), nesting deeper than 64, malformed JSON, and `text/plain`.',
  'testkit.step4.title': 'Judges every answer',
  'testkit.step4.text':
    'With the same engine as `POST /v1/validate` (every message 0 errors, checksum included; 0 warnings is a should) and the same exchange rules as `POST /v1/check-exchange` (spec 4.2 rules 1-13, CONTRACT sections 2 and 6), which the [exchange-check playground]({playground}) lets you try on one pair.',
  'testkit.reference':
    'The reference server it is tested against, {code_server}, answers `GET` with its capability statement, `POST` of a bare message with the answer, and {code_tasks} with the status of a task.',
  'testkit.checks': 'The checks',
  'testkit.checks_text':
    "Every check has a stable id, the section it enforces and a level: {server} checks of a server and {client} of a client ([below]({client_anchor})), {must} of them `must`. A `should` failure is reported but does not fail the run. The kit's result message links each failed check to its row in the [error registry]({errors}).",
  'testkit.report': 'Reading the report',
  'testkit.report_intro':
    'A server with two faults: the sequence of its accepted answer is off by one, and it is not signed.',
  'testkit.report_label': 'uai test (text report)',
  'testkit.formats':
    "Formats: `--format text` (above), `json` (the whole report, evidence included), `junit` (one testcase per check, for CI test tabs), `html` (one standalone page). `--result result.json` writes the kit's verdict as a sealed `uai.conformance.result.v1` message about your service: anyone can check it was not edited with `uai validate result.json`.",
  'testkit.formats_label': 'Reports and the result message',
  'testkit.publish':
    'Publish that result: with a small metadata file in a pull request, it lists your implementation in the [report of implementations]({report}), with its level and a badge ([how to get listed]({listed})).',
  'testkit.baseline': 'Adopting it before everything passes',
  'testkit.baseline_intro': 'A baseline lists the checks you know fail:',
  'testkit.baseline_run_label': 'Run with the baseline',
  'testkit.baseline_text':
    'The run then passes while exactly those fail. A new failure is a regression and fails the run; a listed check that passes now is stale and fails the run too, so the baseline can only shrink.',
  'testkit.bounds': 'Bounds',
  'testkit.bounds_text':
    'The kit contacts only the origin of the endpoint (and of `--capability` when given): a polling URL on another origin is not followed. Requests go one at a time, each within `--timeout` (10 s), the whole run within `--max-time` (60 s) and `--max-requests` (50). An endpoint that cannot be reached exits 2 with one line saying why.',
  'testkit.exit':
    'Exit status: 0 no regression, 1 a regression or a stale baseline entry, 2 usage error or the endpoint could not be reached.',
  'testkit.client': 'Test your client',
  'testkit.client_text':
    "`uai test-client` runs your client once per scenario against a scripted server on `127.0.0.1`: the reference server itself, with a script around it. The command gets the endpoint as its last argument and in `UAI_ENDPOINT`, the scenario id in `UAI_SCENARIO`; every request it makes is recorded and judged by the client checks above (side `client`). A scenario the client does not complete fails, and a check that applies to a scenario run but never happened fails as not exercised. The client's process group is ended at the time cap, and requests to any other host are refused.",
  'testkit.client_label': 'Test a client',
  'testkit.starters':
    "The adoption kit's four starters are such clients (`client <endpoint_url>`); the shell starter speaks the keyed binding only, so run with `--keyless` it fails the `keyless` scenario, as its manifest entry says.",
  'testkit.actions': 'In GitHub Actions',
  'kitchecks.table': 'Test-kit checks',
  'kitchecks.what': 'What it checks',
  'kitchecks.enforces': 'Enforces',
  'kitchecks.group': 'Group',
  'kitchecks.category.capability': 'The capability statement',
  'kitchecks.category.transport': 'The transport (HTTP answers)',
  'kitchecks.category.message': 'Every answer',
  'kitchecks.category.exchange': 'Every exchange (the exchange rules)',
  'kitchecks.category.task': 'Task polling',
  'kitchecks.category.hostile': 'Hostile requests',
  'kitchecks.category.client-run': 'Client: each scenario',
  'kitchecks.category.client-request': 'Client: every request',
  'kitchecks.category.client-conversation': 'Client: ids and conversations',
  'kitchecks.category.client-polling': 'Client: task polling',
  'kitchecks.category.client-retry': 'Client: refusals and retries',
  'kitchecks.category.client-scope': 'Client: what it sends, and where',
  // Punctuation that differs between languages (a colon after a lead-in)
  'common.colon': ': ',
  // API reference: the page's own labels (the OpenAPI document's texts stay English)
  'api.document': 'Document',
  'api.document_version': '{title}, version {version}',
  'api.server': 'Server',
  'api.operations': 'Operations',
  'api.parameters': 'Parameters',
  'api.parameters_of': 'Parameters of {id}',
  'api.name': 'Name',
  'api.in': 'In',
  'api.required': 'Required',
  'api.schema': 'Schema',
  'api.description': 'Description',
  'api.yes': 'yes',
  'api.no': 'no',
  'api.request_body': 'Request body:',
  'api.request_body_required': 'Request body (required):',
  'api.responses': 'Responses',
  'api.responses_of': 'Responses of {id}',
  'api.status': 'Status',
  'api.body': 'Body',
  'api.schemas': 'Schemas',
  'api.schemas_text':
    'Component schemas of the document (JSON Schema 2020-12), generated from the same field model as the [published schemas]({profiles}).',
  'api.members_of': 'Members of {name}',
  'api.member': 'Member',
  'api.response_examples': 'Response examples',
  'api.example_failed':
    'The OpenAPI document ({url}) could not be loaded; the example is its components/examples/{name}.',
  // Exchange-check playground: the form
  'checkx.lede':
    'Paste a request and the response that answered it, and check the pair ({code_route}): both messages are validated, and the exchange rules judge whether the response answers the request (conversation, parent, sequence, delivery, task references, typed errors).',
  'checkx.fixture': 'Start from a fixture',
  'checkx.valid_pairs': 'Valid pairs',
  'checkx.broken_pairs': 'Broken pairs (one rule each)',
  'checkx.request': 'Request message',
  'checkx.response': 'Response message',
  'checkx.status': 'HTTP status of the response (optional)',
  'checkx.status_hint': 'The status the response came with; leave empty to skip the status rule.',
  'checkx.previous': 'Previous message (optional)',
  'checkx.previous_hint': 'For a task status: the accepted answer it follows. Leave empty otherwise.',
  'checkx.submit': 'Check',
  'checkx.reset': 'Reload the fixture',
  'checkx.nothing_yet': 'No exchange checked yet.',
  // Exchange-check playground: what its script writes (templates the page hands it)
  'checkx.js.loaded': 'Loaded {id}. No exchange checked yet.',
  'checkx.js.loading': 'Loading {id}…',
  'checkx.js.no_fixture': 'No fixture {id}.',
  'checkx.js.load_failed': 'Could not load the fixture: {error}.',
  'checkx.js.verdicts': 'Exchange rule verdicts',
  'checkx.js.rule': 'Rule',
  'checkx.js.section': 'Section',
  'checkx.js.findings': 'Findings',
  'checkx.js.verdict': 'Verdict:',
  'checkx.js.conforms': 'conforms',
  'checkx.js.not_conforms': 'does not conform',
  'checkx.js.response_kind': 'Response kind',
  'checkx.js.rules': 'Rules',
  'checkx.js.counts': '{pass} pass, {fail} fail ({must} must, {should} should), {skip} skip',
  'checkx.js.validation': '{verdict}, level {level}: {errors} errors, {warnings} warnings',
  'checkx.js.valid': 'valid',
  'checkx.js.invalid': 'invalid',
  'checkx.js.whole': '(the whole message)',
  'checkx.js.expected': 'expected:',
  'checkx.js.actual': 'actual:',
  'checkx.js.bad_status': 'The HTTP status must be an integer from 100 to 599.',
  'checkx.js.checking': 'Checking the exchange…',
  'checkx.js.unreachable': 'The exchange check could not be reached: {error}',
  // Exchange-check playground: its result's labels
  'checkx.js.level': 'Level',
  'checkx.js.status': 'Status',
  'checkx.js.request': 'Request',
  'checkx.js.response': 'Response',
} as const;

/** Message id of a page's title or description, from its English path (`/playground/validate/` -> `playground.validate`). */
export const pageKey = (path: string): string => path.replace(/^\/|\/$/g, '').replaceAll('/', '.') || 'home';

function derived(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of STATIC_PAGES) {
    out[`page.${pageKey(p.path)}.title`] = p.title;
    out[`page.${pageKey(p.path)}.description`] = p.description;
  }
  for (const p of PROFILES) {
    out[`profile.${p.id}.title`] = p.title;
    out[`profile.${p.id}.summary`] = p.summary;
  }
  for (const l of CONFORMANCE_LEVELS) {
    out[`level.${l.id}.claim`] = l.claim;
    l.checks.forEach((check, i) => (out[`level.${l.id}.check.${i}`] = check));
  }
  for (const c of ISSUE_CODES) {
    out[`issue.${c.code}.title`] = c.title;
    out[`issue.${c.code}.description`] = c.description;
    out[`issue.${c.code}.fix`] = c.fix;
  }
  for (const c of ERROR_CODES) {
    out[`error.${c.code}.title`] = c.title;
    out[`error.${c.code}.description`] = c.description;
  }
  for (const o of OBJECTS) {
    out[`object.${o.name}.title`] = o.title;
    out[`object.${o.name}.description`] = o.description;
    for (const f of o.fields) out[`field.${o.name}.${f.key}`] = f.description;
  }
  for (const g of GLOSSARY) out[`glossary.term.${termAnchor(g.term)}`] = g.meaning;
  return out;
}

export type UiMessageId = keyof typeof UI;

/** Every English message, by id. */
export const EN: Readonly<Record<string, string>> = { ...UI, ...derived() };
