import { OperationView, type Operation } from '@/components/docs/operation-view';
import { openApiDocument } from '@/lib/api/openapi';

export const metadata = { title: 'API reference · Policy Ledger' };

const PROBLEM_KINDS: [string, number, string][] = [
  ['bad-request', 400, 'Malformed JSON, an empty create body, a missing X-TENANT-ID, a bad query parameter, or a body of the wrong shape.'],
  ['unauthenticated', 401, 'No bearer token, or one that is expired, forged, or meant for another audience.'],
  ['forbidden', 403, 'The token belongs to another tenant than X-TENANT-ID, or its role may not do this.'],
  ['not-found', 404, 'The id does not exist, or belongs to another tenant; or no API operation has the path.'],
  ['method-not-allowed', 405, 'The path exists but does not take this method; `Allow` lists those it takes.'],
  ['invalid-state', 409, 'The action is not allowed in the record’s current state; `currentState` and `allowedActions` say what is.'],
  ['conflict', 409, 'A concurrent change won, a stale If-Match, or an Idempotency-Key still in progress.'],
  ['too-large', 413, 'The body is over 1 MiB.'],
  ['unsupported-media-type', 415, 'A body that is not JSON where JSON is required.'],
  [
    'validation-failed',
    422,
    'The body fails the product schema or the mandatory-field checks; `errors` lists every field by JSON pointer.',
  ],
  ['rate-limited', 429, 'Over the tenant’s rate limit; retry after `Retry-After` seconds.'],
  ['unavailable', 503, 'The database is briefly out of reach; retry after `Retry-After` seconds with the same Idempotency-Key.'],
  ['internal', 500, 'Something unexpected failed; quote the `correlationId`.'],
];

interface ServedDocument {
  info: { title: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; parameters: Record<string, unknown>; responses: Record<string, unknown> };
}

/** Shared parameters and responses are references in the document; the page shows them in place. */
function inPlace(document: ServedDocument, operation: Operation): Operation {
  const follow = <T,>(value: T): T => {
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref !== 'string') return value;
    const [, , kind, name] = ref.split('/');
    const target = kind === 'parameters' ? document.components.parameters[name!] : document.components.responses[name!];
    return (target ?? value) as T;
  };
  return {
    ...operation,
    parameters: operation.parameters?.map(follow),
    responses:
      operation.responses &&
      Object.fromEntries(Object.entries(operation.responses).map(([status, response]) => [status, follow(response)])),
  };
}

export default function DocsPage() {
  const document = openApiDocument() as unknown as ServedDocument;
  const byTag = new Map<string, { method: string; path: string; operation: Operation }[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = inPlace(document, raw);
      const tag = operation.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return (
    <main>
      <h1>{document.info.title}</h1>
      <p>{document.info.description}</p>
      <p>
        Machine-readable: <a href="/api/v1/ledger/openapi.json">openapi.json</a> (OpenAPI 3.1).
      </p>
      <nav aria-label="Sections" className="panel">
        <strong>Sections:</strong>{' '}
        {[...byTag.keys()].map((tag) => (
          <a key={tag} href={`#${slug(tag)}`} style={{ marginRight: 12 }}>
            {tag}
          </a>
        ))}
        <a href="#problems" style={{ marginRight: 12 }}>
          Problems
        </a>
        <a href="#schemas">Schemas</a>
      </nav>
      <p>
        Authentication: a bearer token from <code>POST /api/v1/auth/token</code> in <code>Authorization</code> and the tenant tag in{' '}
        <code>X-TENANT-ID</code> on every ledger call (security schemes <code>bearer</code> and <code>tenant</code>). A typed client
        generated from the document is in <code>examples/typed-client</code>.
      </p>
      {[...byTag.entries()].map(([tag, operations]) => (
        <section key={tag} id={slug(tag)}>
          <h2>{tag}</h2>
          {operations.map(({ method, path, operation }) => (
            <OperationView key={`${method} ${path}`} method={method} path={path} operation={operation} />
          ))}
        </section>
      ))}
      <section id="problems">
        <h2>Problems</h2>
        <p>
          Every error is <code>application/problem+json</code> (RFC 9457) with a <code>correlationId</code> that is also in the server log.
        </p>
        <table>
          <thead>
            <tr>
              <th scope="col">type</th>
              <th scope="col">status</th>
              <th scope="col">when</th>
            </tr>
          </thead>
          <tbody>
            {PROBLEM_KINDS.map(([kind, status, when]) => (
              <tr key={kind} id={kind}>
                <td>
                  <code>/docs/problems#{kind}</code>
                </td>
                <td>{status}</td>
                <td>{when}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section id="schemas">
        <h2>Schemas</h2>
        {Object.entries(document.components.schemas).map(([name, schema]) => (
          <details key={name} id={`schema-${name}`}>
            <summary>
              <code>{name}</code>
            </summary>
            <pre style={{ overflowX: 'auto' }}>{JSON.stringify(schema, null, 2)}</pre>
          </details>
        ))}
      </section>
    </main>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
