/**
 * The boundaries of the tree, checked by `npm run lint` (dependency-cruiser; see CONTRIBUTING.md "Boundaries").
 * A rule here is the architecture's, not a style preference: a violation fails the lint.
 */
module.exports = {
  forbidden: [
    {
      name: 'service-imports-another-service',
      comment: 'Services never import each other: they talk through events (packages/contracts) or /internal HTTP.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'domain-imports-entry-points',
      comment: 'domain/ (use cases, rules) knows nothing of HTTP routes, consumers or jobs: entry-points call the domain.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/domain/' },
      to: { path: '^services/[^/]+/src/entry-points/' },
    },
    {
      name: 'data-access-imports-entry-points',
      comment: 'data-access/ (repositories, migrations) knows nothing of HTTP routes, consumers or jobs.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/data-access/' },
      to: { path: '^services/[^/]+/src/entry-points/' },
    },
    {
      name: 'entry-points-import-socket-data-access',
      comment:
        "What a service's sockets hear (chat's bus and presence, data-access/chat-bus.ts and presence.ts) belongs to its socket's entry points (entry-points/ws/: the fan-out subscribes to the bus). Routes, consumers and jobs reach the sockets through a use case, which publishes in the room's order (chat domain/room-order.ts), never around it.",
      severity: 'error',
      from: { path: '^services/[^/]+/src/entry-points/', pathNot: '^services/[^/]+/src/entry-points/ws/' },
      to: { path: '^services/[^/]+/src/data-access/(chat-bus|presence)\\.ts$' },
    },
    {
      name: 'socket-entry-points-import-repositories',
      comment:
        "The socket's entry points (entry-points/ws/) answer frames with use cases and deliver what the bus carries: they read and write no table themselves (data-access/ for them is the bus alone).",
      severity: 'error',
      from: { path: '^services/[^/]+/src/entry-points/ws/' },
      to: { path: '^services/[^/]+/src/data-access/', pathNot: '^services/[^/]+/src/data-access/chat-bus\\.ts$' },
    },
    {
      name: 'domain-imports-http-client',
      comment:
        'domain/ never speaks HTTP: another service is reached only through its door, data-access/<owner>.client.ts (service-kit createInternalClient), handed to the use cases in their deps. ' +
        'So domain/ imports no HTTP or socket module (node:http, https, http2, net), no undici, no *.client.ts and not service-kit\'s internal client itself; naming a client\'s type (`import type`) is allowed. ' +
        'The global fetch is refused in domain/ by eslint (no-restricted-globals), which sees globals. Exception, to be moved to a data-access client: ' +
        "chat's calls to the assistants' external AI providers (domain/assistant-generators.ts, domain/provider-address.ts, issue 13), not another service of ours.",
      severity: 'error',
      from: { path: '^services/[^/]+/src/domain/', pathNot: '^services/chat/src/domain/(assistant-generators|provider-address)\\.ts$' },
      to: {
        path: ['^(node:)?(http|https|http2|net)$', '(^|/)node_modules/undici/', '\\.client\\.ts$', '^packages/service-kit/src/internal-client\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'frontend-imports-contracts-code',
      comment:
        'The frontend takes only types from packages/contracts (`import type`), so no schema code enters the bundle; the exceptions are src/constants.ts (`@platform/contracts/constants`) and src/errors.ts (`@platform/contracts/errors`: the error codes and their parameters, issue 28), which import nothing, src/figure-claims.ts (`@platform/contracts/figure-claims`, issue 31: the rule of typed figure claims, which imports nothing; the landing copy test uses it), src/review-template-text.ts (`@platform/contracts/review-template-text`, issue 30: the variables and rendering of the reason templates, which import only constants), and src/assistants.ts (`@platform/contracts/assistants`, with common.ts and zod-setup.ts): issue 13 requires the one zod schema of the assistant settings to drive the admin form (admin chunk only).',
      severity: 'error',
      from: { path: '^frontend/' },
      to: {
        path: '^packages/contracts/',
        pathNot: '^packages/contracts/src/(constants|errors|figure-claims|review-template-text|assistants|common|zod-setup)\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'frontend-imports-backend',
      comment: 'The frontend talks to the backend over HTTP only: nothing from services/, service-kit or the gateway.',
      severity: 'error',
      from: { path: '^frontend/' },
      to: { path: '^(services|gateway|packages/service-kit)/' },
    },
    {
      name: 'gateway-imports-a-service',
      comment: 'The gateway proxies to services over HTTP; it never imports their code.',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^services/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages are left out of the graph, but for undici: domain-imports-http-client must see it.
    exclude: { path: '(^|/)(node_modules/(?!undici/)|dist/|dev-dist/)' },
    // `import type` is seen (as dependency type `type-only`), not dropped as the compiled JavaScript would drop it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Workspace packages resolve through their package.json `exports` to src/index.ts, like Node and tsx do.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
