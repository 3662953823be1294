'use client';

import type { FieldSpec, LeafFilter } from '@/lib/client/schema-form/describe';
import { ArrayField } from './array-field';
import { LeafField } from './leaf-field';

/** Renders described fields: leaves, groups as fieldsets, arrays of objects as repeatable groups. */
export function SchemaFields({ fields, filter }: { fields: readonly FieldSpec[]; filter?: LeafFilter }) {
  return (
    <>
      {fields.map((field) => {
        if (field.kind === 'leaf') return <LeafField key={field.name} leaf={field} />;
        if (field.kind === 'array') return <ArrayField key={field.name} spec={field} filter={filter} />;
        return (
          <fieldset key={field.name} className="group">
            <legend>
              {field.title}
              {!field.required && !field.neededForBind && <span className="muted"> (optional)</span>}
              {!field.required && field.neededForBind && <span className="before-bind"> (before bind)</span>}
            </legend>
            {field.description && <p className="hint">{field.description}</p>}
            <div className="grid">
              <SchemaFields fields={field.children} filter={filter} />
            </div>
          </fieldset>
        );
      })}
    </>
  );
}
