import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

// Holds every answer the API tests receive to the OpenAPI document the app serves: the status
// must be documented for the operation (or be the problem+json 404/405 of an unknown route), and
// the content type, the documented headers and the body must match. A mismatch throws, so the
// test that made the call fails and says what did not match.

type Json = Record<string, unknown>;

interface Operation {
  responses: Record<string, Json>;
}

interface LoadedDocument {
  document: { paths: Record<string, Record<string, Operation>> };
  routes: { template: string; pattern: RegExp; params: number }[];
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
}

const DOCUMENT_PATH = '/api/v1/ledger/openapi.json';
const DOCUMENT_ID = 'https://ledger.test/openapi.json';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const loaded = new Map<string, Promise<LoadedDocument>>();

async function load(baseUrl: string): Promise<LoadedDocument> {
  const response = await fetch(`${baseUrl}${DOCUMENT_PATH}`);
  if (response.status !== 200) throw new Error(`The app serves no OpenAPI document: ${response.status}`);
  const document = (await response.json()) as LoadedDocument['document'];
  // OpenAPI keywords (example, x-*) are not JSON Schema; the document's own lint checks them.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const routes = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    params: (template.match(/\{/g) ?? []).length,
  }));
  return { document, routes, ajv, validators: new Map() };
}

function pointer(...segments: string[]): string {
  return `${DOCUMENT_ID}#/${segments.map((segment) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;
}

function validator(doc: LoadedDocument, ref: string): ValidateFunction {
  let validate = doc.validators.get(ref);
  if (!validate) {
    validate = doc.ajv.compile({ $ref: ref });
    doc.validators.set(ref, validate);
  }
  return validate;
}

function mediaTypeOf(value: string | null): string {
  return (value ?? '').split(';')[0]!.trim().toLowerCase();
}

export interface ObservedResponse {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

/** Throws when the answer is not what the served document says this operation answers. */
export async function assertDocumented(baseUrl: string, observed: ObservedResponse): Promise<void> {
  const { pathname } = new URL(observed.url);
  // Only the versioned API is described; the document itself, pages and next-auth are not operations.
  if (!pathname.startsWith('/api/') || pathname.startsWith('/api/auth/') || pathname === DOCUMENT_PATH) return;
  if (!loaded.has(baseUrl)) loaded.set(baseUrl, load(baseUrl));
  const doc = await loaded.get(baseUrl)!;
  const problems = check(doc, pathname, observed);
  if (problems.length > 0) {
    const excerpt = observed.text.length > 600 ? `${observed.text.slice(0, 600)}…` : observed.text;
    throw new Error(
      `${observed.method} ${pathname} answered ${observed.status}, which the OpenAPI document does not declare:\n- ${problems.join('\n- ')}\nbody: ${excerpt}`,
    );
  }
}

function check(doc: LoadedDocument, pathname: string, observed: ObservedResponse): string[] {
  const method = observed.method.toLowerCase();
  const candidates = doc.routes.filter((route) => route.pattern.test(pathname)).sort((a, b) => a.params - b.params);
  const problemRef = `${DOCUMENT_ID}#/components/schemas/Problem`;
  if (candidates.length === 0) {
    return unknownRoute(doc, observed, 404, problemRef, `no path of the document matches ${pathname}`);
  }
  const route = candidates.find((candidate) => doc.document.paths[candidate.template]![method]) ?? candidates[0]!;
  const operation = doc.document.paths[route.template]![method];
  if (!operation) {
    const allowed = Object.keys(doc.document.paths[route.template]!).filter((key) => HTTP_METHODS.includes(key));
    return unknownRoute(doc, observed, 405, problemRef, `${route.template} has no ${method.toUpperCase()} (it has ${allowed.join(', ')})`);
  }
  const response = operation.responses[String(observed.status)] ?? operation.responses.default;
  if (!response) {
    return [
      `status ${observed.status} is not documented for ${method.toUpperCase()} ${route.template} (documented: ${Object.keys(operation.responses).join(', ')})`,
    ];
  }
  const statusKey = operation.responses[String(observed.status)] ? String(observed.status) : 'default';
  // A shared answer is a reference into components/responses.
  const ref = typeof response.$ref === 'string' ? response.$ref : undefined;
  const base = ref ? ref.slice(2).split('/') : ['paths', route.template, method, 'responses', statusKey];
  const resolved = ref
    ? ((doc.document as unknown as { components: { responses: Record<string, Json> } }).components.responses[base[2]!] ?? {})
    : response;
  return [...checkHeaders(doc, resolved, observed, base), ...checkContent(doc, resolved, observed, base)];
}

/** A path or method the app does not have: the catch-all's problem+json with that status. */
function unknownRoute(doc: LoadedDocument, observed: ObservedResponse, status: number, problemRef: string, why: string): string[] {
  if (observed.status !== status) return [`${why}, so the answer must be ${status}`];
  if (mediaTypeOf(observed.headers.get('content-type')) !== 'application/problem+json')
    return [`${why}: the ${status} must be application/problem+json`];
  const validate = validator(doc, problemRef);
  return validate(observed.body) ? [] : schemaErrors(validate);
}

function checkHeaders(doc: LoadedDocument, response: Json, observed: ObservedResponse, base: string[]): string[] {
  const problems: string[] = [];
  const headers = (response.headers ?? {}) as Record<string, { required?: boolean; schema?: Json }>;
  for (const [name, header] of Object.entries(headers)) {
    const value = observed.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`the header ${name} is documented as always sent but is missing`);
      continue;
    }
    if (header.schema) {
      const validate = validator(doc, pointer(...base, 'headers', name, 'schema'));
      if (!validate(value)) problems.push(`header ${name}: ${schemaErrors(validate).join('; ')}`);
    }
  }
  return problems;
}

function checkContent(doc: LoadedDocument, response: Json, observed: ObservedResponse, base: string[]): string[] {
  const content = (response.content ?? {}) as Record<string, { schema?: Json }>;
  const types = Object.keys(content);
  const type = mediaTypeOf(observed.headers.get('content-type'));
  if (observed.text === '') {
    return types.length === 0 || observed.method === 'HEAD' ? [] : [`the body is empty but the document promises ${types.join(' or ')}`];
  }
  if (types.length === 0) return [`the document promises no body, but one came (${type || 'no content type'})`];
  if (!content[type]) return [`content type ${type || '(none)'} is not documented (documented: ${types.join(', ')})`];
  if (!content[type]!.schema || !type.endsWith('json')) return [];
  const validate = validator(doc, pointer(...base, 'content', type, 'schema'));
  return validate(observed.body) ? [] : schemaErrors(validate);
}

function schemaErrors(validate: ValidateFunction): string[] {
  return (validate.errors ?? [])
    .slice(0, 8)
    .map((error) => `body${error.instancePath || ''} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`);
}
