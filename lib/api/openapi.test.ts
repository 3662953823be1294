import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from './endpoints';
import { openApiDocument } from './openapi';

type Json = Record<string, unknown>;
const document = openApiDocument() as Json & { paths: Record<string, Record<string, Json>> };
const DOCUMENT_ID = 'https://ledger.test/openapi.json';

function* walk(value: unknown, at: string): Generator<[string, Json]> {
  if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* walk(item, `${at}/${index}`);
  else if (value && typeof value === 'object') {
    yield [at, value as Json];
    for (const [key, item] of Object.entries(value)) yield* walk(item, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

function resolve(ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document);
}

describe('the OpenAPI document', () => {
  it('resolves every $ref inside itself, under #/components', () => {
    const refs = [...walk(document, '#')].flatMap(([at, node]) => (typeof node.$ref === 'string' ? [[at, node.$ref] as const] : []));
    expect(refs.length).toBeGreaterThan(50);
    for (const [at, ref] of refs) {
      expect(ref, at).toMatch(/^#\/components\//);
      expect(resolve(ref), `${at} → ${ref}`).toBeDefined();
    }
  });

  it('declares no Accept or X-TENANT-ID header parameter and no parameter twice', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const names = ((operation.parameters ?? []) as Json[]).map((p) =>
          p.$ref ? String(p.$ref) : `${String(p.in)}:${String(p.name).toLowerCase()}`,
        );
        expect(new Set(names).size, `${method} ${path}`).toBe(names.length);
        expect(names, `${method} ${path}`).not.toContain('header:accept');
        expect(names, `${method} ${path}`).not.toContain('header:x-tenant-id');
      }
    }
  });

  it('files every operation under a tag it declares, and describes every operation beyond its summary', () => {
    // Generators group operations by the declared tags, and spectral warns of an undeclared one.
    const declared = new Set((document.tags as { name: string }[]).map((tag) => tag.name));
    const undeclared: string[] = [];
    const undescribed: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const tag of (operation.tags ?? []) as string[]) if (!declared.has(tag)) undeclared.push(`${method} ${path}: ${tag}`);
        if (typeof operation.description !== 'string' || operation.description.trim() === '') undescribed.push(`${method} ${path}`);
      }
    }
    expect(undeclared).toEqual([]);
    expect(undescribed).toEqual([]);
  });

  it('lets every POST honour Idempotency-Key (API-CONTRACT §6)', () => {
    const posts = ALL_ENDPOINTS.filter((endpoint) => endpoint.method === 'POST');
    expect(posts.filter((endpoint) => !endpoint.idempotent).map((endpoint) => endpoint.operationId)).toEqual([]);
  });

  it('has an example for every request body, and every example fits its schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    let examples = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const body = (operation.requestBody as { content: Record<string, Json> } | undefined)?.content;
        for (const [type, media] of Object.entries(body ?? {})) expect(media.example, `${method} ${path} ${type}`).toBeDefined();
      }
    }
    for (const [at, node] of walk(document.paths, '#/paths')) {
      if (!('example' in node) || !node.schema) continue;
      const validate = ajv.compile({
        $ref: `${DOCUMENT_ID}${at.split('/').map(encodeURIComponent).join('/').replace(/^%23/, '#')}/schema`,
      });
      expect(validate(node.example) ? [] : validate.errors, at).toEqual([]);
      examples++;
    }
    expect(examples).toBeGreaterThan(20);
  });
});
