// The insured objects (a home, travellers, a pet): each with its own label and detail rows,
// laid out as a two-column grid so a long list of details stays compact.

import { Text, View } from '@react-pdf/renderer';
import type { InsuredObject } from '../../model';
import { MUTED, RULE, styles } from './theme';

function ObjectCard({ object }: { object: InsuredObject }) {
  return (
    <View wrap={false} style={{ marginBottom: 8, borderLeftWidth: 2, borderLeftColor: RULE, paddingLeft: 8 }}>
      <Text style={[styles.bold, { marginBottom: 2 }]}>{object.label}</Text>
      <View style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
        {object.details.map((detail, index) => (
          <View key={index} style={{ width: '50%', flexDirection: 'row', paddingVertical: 1.5, paddingRight: 10 }}>
            <Text style={{ width: '48%', color: MUTED, paddingRight: 6 }}>{detail.label}</Text>
            <Text style={{ flex: 1 }}>{detail.value}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}

export function ObjectsList({ objects }: { objects: InsuredObject[] }) {
  return (
    <View>
      {objects.map((object, index) => (
        <ObjectCard key={index} object={object} />
      ))}
    </View>
  );
}
