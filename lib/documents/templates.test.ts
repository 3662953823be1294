import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';
import { DOCUMENT_TYPES, primaryReference, type DocumentLanguage, type DocumentModel } from './model';
import { renderDocument } from './render';
import { sampleDocumentModel } from './sample';

// Every template rendered from sample data and read back with a PDF parser: the text a customer
// sees must carry the reference, the customer, the tenant and the amount the document is about.

async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

/** The amount each document is about: the payable, the invoice total, the adjustment or the refund. */
function headlineAmount(model: DocumentModel): number {
  if (model.invoice) return model.invoice.total;
  if (model.adjustment) return Math.abs(model.adjustment.total);
  if (model.termination) return model.termination.total;
  return model.premium!.payable;
}

describe.each<DocumentLanguage>(['en', 'de'])('documents in %s', (language) => {
  it.each(DOCUMENT_TYPES)('%s shows its reference, customer, tenant and amount', async (type) => {
    const model = sampleDocumentModel(type, language);
    const rendered = await renderDocument(model);
    expect(rendered.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(rendered.size).toBe(rendered.bytes.length);
    expect(rendered.sha256).toMatch(/^[0-9a-f]{64}$/);
    const { text, pages } = await pdfText(rendered.bytes);
    expect(pages).toBe(rendered.pageCount);
    expect(text).toContain(primaryReference(model));
    if (type !== 'quote-offer') expect(text).toContain(model.reference.policyNumber!);
    expect(text).toContain(model.customer.name);
    expect(text).toContain(model.tenant.name);
    // Intl puts a narrow no-break space in some formats; the PDF text has a plain space.
    expect(text).toContain(formatMoney(headlineAmount(model), model.currency, language).replace(/\s/g, ' '));
    expect(text).toContain(rendered.title.split(' ').slice(0, -1).join(' '));
  });
});

describe('rendering', () => {
  it('gives the same bytes for the same model (the stored sha256 is stable)', async () => {
    const model = sampleDocumentModel('certificate', 'en');
    const [first, second] = [await renderDocument(model), await renderDocument(model)];
    expect(first.sha256).toBe(second.sha256);
  });

  it('shows a flat cancellation’s returned fees as part of the refund', async () => {
    const base = sampleDocumentModel('termination-notice', 'en');
    const termination = { ...base.termination!, type: 'flat' as const, returnFees: 25, feeKept: 0, total: base.termination!.total + 25 };
    const { text } = await pdfText((await renderDocument({ ...base, termination })).bytes);
    expect(text).toContain('Fees returned');
    expect(text).toContain(formatMoney(termination.total, base.currency, 'en'));
    expect(text).toContain('Cancelled from inception');
  });

  it('refuses a model without the section its type needs', async () => {
    const model = { ...sampleDocumentModel('invoice', 'en'), invoice: undefined };
    await expect(renderDocument(model)).rejects.toThrow(/needs the "invoice" section/);
  });
});
