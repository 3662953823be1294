// Who the document is about: the policyholder, the broker who placed it and the insurer (tenant).

import { Text, View } from '@react-pdf/renderer';
import type { RenderContext } from './context';
import { MUTED, styles } from './theme';

function Party({ role, lines, color }: { role: string; lines: string[]; color: string }) {
  const [name, ...rest] = lines;
  return (
    <View style={styles.column}>
      <Text style={{ fontSize: 7.5, color, fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.5, marginBottom: 3 }}>{role}</Text>
      <Text style={styles.bold}>{name}</Text>
      {rest.map((line, index) => (
        <Text key={index} style={{ color: MUTED }}>
          {line}
        </Text>
      ))}
    </View>
  );
}

export function Parties({ ctx, showInsurer = false }: { ctx: RenderContext; showInsurer?: boolean }) {
  const { customer, agent, tenant } = ctx.model;
  const { t } = ctx;
  const customerLines = [customer.name, ...customer.addressLines];
  if (customer.email) customerLines.push(customer.email);
  return (
    <View style={[styles.columns, { marginTop: 14 }]} wrap={false}>
      <Party role={t.policyholder} lines={customerLines} color={ctx.colors.brand} />
      {agent && <Party role={t.broker} lines={[agent.name, `${t.brokerCode}: ${agent.code}`]} color={ctx.colors.brand} />}
      {showInsurer && <Party role={t.issuedBy} lines={[tenant.name, ...(tenant.addressLines ?? [])]} color={ctx.colors.brand} />}
    </View>
  );
}
