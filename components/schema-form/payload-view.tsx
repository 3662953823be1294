import { Fragment, type ReactNode } from 'react';
import { describeObject, join, type FieldSpec } from '@/lib/client/schema-form/describe';
import type { JsonSchema } from '@/lib/client/schema-form/json-schema';
import { formatDate } from '@/lib/client/format';

function read(data: unknown, name: string): unknown {
  let node = data;
  for (const token of name.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

function show(value: unknown, spec: Extract<FieldSpec, { kind: 'leaf' }>): ReactNode {
  if (value === undefined || value === null || value === '') return <span className="muted">—</span>;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  if (spec.input === 'date') return formatDate(String(value));
  if (typeof value === 'number' && !spec.options) return new Intl.NumberFormat('en-GB').format(value);
  return spec.options?.find((option) => option.value === String(value))?.label ?? String(value);
}

function Fields({ fields, data, titled = true }: { fields: readonly FieldSpec[]; data: unknown; titled?: boolean }) {
  const leaves = fields.filter((f) => f.kind === 'leaf');
  const others = fields.filter((f) => f.kind !== 'leaf');
  return (
    <>
      {leaves.length > 0 && (
        <dl className="facts">
          {leaves.map((leaf) => (
            <div key={leaf.name}>
              <dt>{leaf.title}</dt>
              <dd>{show(read(data, leaf.name), leaf)}</dd>
            </div>
          ))}
        </dl>
      )}
      {others.map((field) => {
        if (field.kind === 'group') {
          if (read(data, field.name) === undefined) return null;
          return (
            <section key={field.name} className="subsection">
              <h4>{field.title}</h4>
              <Fields fields={field.children} data={data} />
            </section>
          );
        }
        if (field.kind !== 'array') return null;
        const items = read(data, field.name);
        return (
          <section key={field.name} className="subsection">
            {titled && <h4>{field.title}</h4>}
            {(Array.isArray(items) ? items : []).map((_, index) => (
              <Fragment key={index}>
                {/* One level under the heading above it: h5 under the array's own h4, h4 straight under the group's h3. */}
                <ItemHeading level={titled ? 5 : 4}>
                  {field.item.title ?? 'Item'} {index + 1}
                </ItemHeading>
                <Fields fields={describeObject(field.item, join(field.name, index))} data={data} />
              </Fragment>
            ))}
          </section>
        );
      })}
    </>
  );
}

function ItemHeading({ level, children }: { level: 4 | 5; children: ReactNode }) {
  return level === 4 ? <h4>{children}</h4> : <h5>{children}</h5>;
}

/** The data of a quote or policy, labelled by its product schema's titles. */
export function PayloadView({ schema, data }: { schema: JsonSchema; data: unknown }) {
  const groups = describeObject(schema, '');
  return (
    <div className="payload-view">
      {groups.map((group) =>
        group.kind === 'leaf' ? null : (
          <section key={group.name} className="payload-group">
            <h3>{group.title}</h3>
            <Fields fields={group.kind === 'group' ? group.children : [group]} data={data} titled={group.kind === 'group'} />
          </section>
        ),
      )}
    </div>
  );
}
