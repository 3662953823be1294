import type { DocumentMetadata } from '@/lib/documents/store';

// The HTTP shape of a document (API-CONTRACT §5): the raw file with its metadata in a header, or
// `{ content, metadata }` as JSON when the client asks for JSON.

export function metadataJson(metadata: DocumentMetadata) {
  return {
    id: metadata.id,
    policyId: metadata.policyId,
    type: metadata.type,
    title: metadata.title,
    language: metadata.language,
    policyVersion: metadata.policyVersion,
    contentType: metadata.contentType,
    size: metadata.size,
    sha256: metadata.sha256,
    createdAt: metadata.createdAt.toISOString(),
  };
}

/** Header values must be ASCII: JSON with every other character as a \u escape (still valid JSON). */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `policy-schedule-ACME-HOME-2026-000001-v1.pdf`: ASCII only, from the title's reference. */
export function fileName(metadata: DocumentMetadata): string {
  const reference = metadata.title.split(' ').pop() ?? metadata.id;
  const base = `${metadata.type}-${reference}${metadata.policyVersion > 0 ? `-v${metadata.policyVersion}` : ''}`;
  const extension = metadata.contentType === 'application/pdf' ? 'pdf' : 'bin';
  return `${base.replace(/[^A-Za-z0-9._-]/g, '_')}.${extension}`;
}

/** Accept: application/json (and not PDF) asks for `{ content, metadata }`. */
export function wantsJson(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '';
  return /\bapplication\/json\b/i.test(accept) && !/\bapplication\/pdf\b/i.test(accept);
}

export function documentResponse(metadata: DocumentMetadata, content: Buffer, options: { json?: boolean } = {}): Response {
  const common = { 'cache-control': 'private, no-store', vary: 'Accept' };
  if (options.json) {
    return Response.json({ content: content.toString('base64'), metadata: metadataJson(metadata) }, { headers: common });
  }
  return new Response(new Uint8Array(content), {
    headers: {
      ...common,
      'content-type': metadata.contentType,
      'content-length': String(content.length),
      'content-disposition': `attachment; filename="${fileName(metadata)}"`,
      'x-document-metadata': asciiJson(metadataJson(metadata)),
      etag: `"${metadata.sha256}"`,
    },
  });
}
