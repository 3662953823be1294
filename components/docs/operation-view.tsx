export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown; example?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown; example?: unknown }> }>;
  security?: Record<string, string[]>[];
  'x-roles'?: string[];
}

/** `#/components/schemas/Quote` → a link to the schema's section on this page. */
function SchemaJson({ value }: { value: unknown }) {
  const text = JSON.stringify(value, null, 2);
  const parts = text.split(/("#\/components\/schemas\/[A-Za-z0-9]+")/g);
  return (
    <pre style={{ overflowX: 'auto' }}>
      {parts.map((part, index) => {
        const name = /^"#\/components\/schemas\/([A-Za-z0-9]+)"$/.exec(part)?.[1];
        return name ? (
          <a key={index} href={`#schema-${name}`}>
            {part}
          </a>
        ) : (
          part
        );
      })}
    </pre>
  );
}

export function OperationView({ method, path, operation }: { method: string; path: string; operation: Operation }) {
  const body = operation.requestBody?.content ? Object.entries(operation.requestBody.content)[0] : undefined;
  return (
    <article className="panel" id={operation.operationId} style={{ marginBottom: 16 }}>
      <h3 style={{ marginTop: 0 }}>
        <code>
          {method.toUpperCase()} {path}
        </code>
      </h3>
      <p>
        <strong>{operation.summary}</strong>
        {operation['x-roles'] && <span className="muted"> · roles: {operation['x-roles'].join(', ')}</span>}
      </p>
      {operation.description && <p>{operation.description}</p>}
      {operation.parameters && operation.parameters.length > 0 && (
        <table>
          <caption style={{ textAlign: 'left', fontWeight: 600 }}>Parameters</caption>
          <thead>
            <tr>
              <th scope="col">name</th>
              <th scope="col">in</th>
              <th scope="col">required</th>
              <th scope="col">description</th>
            </tr>
          </thead>
          <tbody>
            {operation.parameters.map((parameter) => (
              <tr key={`${parameter.in}:${parameter.name}`}>
                <td>
                  <code>{parameter.name}</code>
                </td>
                <td>{parameter.in}</td>
                <td>{parameter.required ? 'yes' : 'no'}</td>
                <td>{parameter.description ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {operation.security?.length === 2 && (
        <p className="muted">
          Authenticated by a bearer token, or by the signed <code>token</code> query parameter of a document link.
        </p>
      )}
      {body && (
        <details>
          <summary>Request body ({body[0]})</summary>
          <SchemaJson value={body[1].schema} />
          {body[1].example !== undefined && (
            <>
              <p>Example:</p>
              <pre style={{ overflowX: 'auto' }}>{JSON.stringify(body[1].example, null, 2)}</pre>
            </>
          )}
        </details>
      )}
      <details>
        <summary>Responses: {Object.keys(operation.responses ?? {}).join(', ')}</summary>
        {Object.entries(operation.responses ?? {}).map(([status, response]) => (
          <div key={status}>
            <p>
              <strong>{status}</strong> {response.description}
            </p>
            {response.content &&
              Object.entries(response.content).map(([type, media]) => (
                <div key={type}>
                  <p>
                    <code>{type}</code>
                  </p>
                  {media.schema !== undefined && <SchemaJson value={media.schema} />}
                  {media.example !== undefined && (
                    <>
                      <p>Example:</p>
                      <pre style={{ overflowX: 'auto' }}>{JSON.stringify(media.example, null, 2)}</pre>
                    </>
                  )}
                </div>
              ))}
          </div>
        ))}
      </details>
    </article>
  );
}
