export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  'x-roles'?: string[];
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
      {body && (
        <details>
          <summary>Request body ({body[0]})</summary>
          <pre style={{ overflowX: 'auto' }}>{JSON.stringify(body[1].schema, null, 2)}</pre>
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
              Object.entries(response.content).map(([type, media]) =>
                media.schema ? (
                  <pre key={type} style={{ overflowX: 'auto' }}>
                    {type}: {JSON.stringify(media.schema, null, 2)}
                  </pre>
                ) : null,
              )}
          </div>
        ))}
      </details>
    </article>
  );
}
