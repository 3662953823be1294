import { generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { signDocumentLinkWith, verifyDocumentLinkWith } from './links';

// Signed download links: valid for one document of one tenant, until they expire; any change to
// the token breaks the signature.

const { privateKey, publicKey } = await generateKeyPair('ES256');
const signer = { kid: 'test-key', key: privateKey };
const keyFor = async (kid: string | undefined) => (kid === 'test-key' ? publicKey : undefined);
const claims = { documentId: '7f1c1f7e-3c7a-4a8e-9d2b-0b9c1d2e3f40', tenantTag: 'acme' };

describe('document links', () => {
  it('verify while fresh and name the document and tenant', async () => {
    const { token, expiresAt } = await signDocumentLinkWith(signer, claims, { ttlSeconds: 300 });
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(290_000);
    await expect(verifyDocumentLinkWith(token, keyFor)).resolves.toEqual(claims);
  });

  it('expire', async () => {
    const { token } = await signDocumentLinkWith(signer, claims, { ttlSeconds: 60 });
    await expect(verifyDocumentLinkWith(token, keyFor, { currentDate: new Date(Date.now() + 59_000) })).resolves.toEqual(claims);
    await expect(verifyDocumentLinkWith(token, keyFor, { currentDate: new Date(Date.now() + 120_000) })).rejects.toThrow(/expired/);
  });

  it('cannot be altered: payload, signature or header', async () => {
    const { token } = await signDocumentLinkWith(signer, claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherDocument = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'another-document' }),
    ).toString('base64url');
    const otherTenant = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), tenant: 'globex' }),
    ).toString('base64url');
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'document-link+jwt' })).toString('base64url');
    for (const bad of [
      `${header}.${otherDocument}.${signature}`,
      `${header}.${otherTenant}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${noneHeader}.${payload}.`,
      'garbage',
    ]) {
      await expect(verifyDocumentLinkWith(bad, keyFor)).rejects.toThrow(/invalid/);
    }
  });

  it('is refused when signed by an unknown key', async () => {
    const stranger = await generateKeyPair('ES256');
    const { token } = await signDocumentLinkWith({ kid: 'test-key', key: stranger.privateKey }, claims);
    await expect(verifyDocumentLinkWith(token, keyFor)).rejects.toThrow(/invalid/);
  });
});
