// The frame every document shares: the PDF metadata, an A4 page with the tenant header and the
// footer repeated on every page, and the document title.

import type { ReactNode } from 'react';
import { Document, Page, Text, View } from '@react-pdf/renderer';
import { formatDateTime } from '../../format';
import { primaryReference } from '../../model';
import type { RenderContext } from './context';
import { MUTED, PAGE_MARGIN, RULE, styles } from './theme';

function Header({ ctx }: { ctx: RenderContext }) {
  const { tenant } = ctx.model;
  const contact = [...(tenant.addressLines ?? []), tenant.contact].filter((line) => line !== undefined);
  return (
    <View fixed style={{ position: 'absolute', top: 0, left: 0, right: 0 }}>
      <View style={{ height: 8, backgroundColor: ctx.colors.brand }} />
      <View
        style={{
          flexDirection: 'row',
          justifyContent: 'space-between',
          alignItems: 'flex-start',
          paddingHorizontal: PAGE_MARGIN.side,
          paddingTop: 18,
        }}
      >
        <Text style={{ fontSize: 15, fontWeight: 700, color: ctx.colors.brand, maxWidth: '55%' }}>{tenant.name}</Text>
        <View style={{ alignItems: 'flex-end', maxWidth: '40%' }}>
          {contact.map((line, index) => (
            <Text key={index} style={{ fontSize: 7.5, color: MUTED, textAlign: 'right' }}>
              {line}
            </Text>
          ))}
        </View>
      </View>
    </View>
  );
}

function Footer({ ctx }: { ctx: RenderContext }) {
  const { t, model } = ctx;
  return (
    <View
      fixed
      style={{
        position: 'absolute',
        bottom: 28,
        left: PAGE_MARGIN.side,
        right: PAGE_MARGIN.side,
        flexDirection: 'row',
        justifyContent: 'space-between',
        paddingTop: 6,
        borderTopWidth: 0.5,
        borderTopColor: RULE,
        fontSize: 7.5,
        color: MUTED,
      }}
    >
      <Text>
        {`${t.titles[model.type]} · ${primaryReference(model)} · ${t.generatedAt(formatDateTime(model.generatedAt, model.language))}`}
      </Text>
      <Text render={({ pageNumber, totalPages }) => t.pageOf(pageNumber, totalPages ?? pageNumber)} />
    </View>
  );
}

export function DocumentFrame({ ctx, children }: { ctx: RenderContext; children: ReactNode }) {
  const { model, t } = ctx;
  const title = t.titles[model.type];
  return (
    <Document
      title={`${title} ${primaryReference(model)}`}
      author={model.tenant.name}
      subject={model.product.title}
      creator={model.tenant.name}
      producer={model.tenant.name}
      language={model.language}
      creationDate={new Date(model.generatedAt)}
      modificationDate={new Date(model.generatedAt)}
    >
      <Page size="A4" style={styles.page}>
        <Header ctx={ctx} />
        <View style={styles.body}>
          <View style={{ marginBottom: 12 }}>
            <Text style={{ fontSize: 20, fontWeight: 700, lineHeight: 1.2 }}>{title}</Text>
            <Text style={{ fontSize: 10.5, color: MUTED, marginTop: 2 }}>{model.product.title}</Text>
          </View>
          {children}
        </View>
        <Footer ctx={ctx} />
      </Page>
    </Document>
  );
}
