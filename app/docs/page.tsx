import { OperationView, type Operation } from '@/components/docs/operation-view';
import { openApiDocument } from '@/lib/api/openapi';

export const metadata = { title: 'API reference · Policy Ledger' };

const PROBLEM_KINDS: [string, number, string][] = [
  ['bad-request', 400, 'Malformed JSON, an empty create body, a missing X-TENANT-ID, a bad query parameter, or a body of the wrong shape.'],
  ['unauthenticated', 401, 'No bearer token, or one that is expired, forged, or meant for another audience.'],
  ['forbidden', 403, 'The token belongs to another tenant than X-TENANT-ID, or its role may not do this.'],
  ['not-found', 404, 'The id does not exist, or belongs to another tenant.'],
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
  ['internal', 500, 'Something unexpected failed; quote the `correlationId`.'],
];

export default function DocsPage() {
  const document = openApiDocument() as { info: { title: string; description: string }; paths: Record<string, Record<string, Operation>> };
  const byTag = new Map<string, { method: string; path: string; operation: Operation }[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
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
        <a href="#problems">Problems</a>
      </nav>
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
    </main>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
