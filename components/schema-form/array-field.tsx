'use client';

import { get, useFieldArray, useFormContext } from 'react-hook-form';
import { describeObject, join, type ArraySpec, type LeafFilter } from '@/lib/client/schema-form/describe';
import { toFormValues } from '@/lib/client/schema-form/values';
import { SchemaFields } from './schema-fields';

/** A repeatable group (travellers, pets): add and remove within the schema's item limits. */
export function ArrayField({ spec, filter }: { spec: ArraySpec; filter?: LeafFilter }) {
  const { control, formState, getValues, setValue } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: spec.name });
  const itemTitle = spec.item.title ?? 'Item';
  const error = get(formState.errors, spec.name) as { message?: string } | undefined;
  // Change forms (filter given) edit the items that exist; adding or removing is a new quote's job.
  const editable = !filter;
  // Fields an item shares by name with the policyholder (a traveller's names and date of birth):
  // the first item is often the policyholder, so it can be copied rather than typed again.
  const customer = getValues('customer') as Record<string, unknown> | undefined;
  const shared = Object.entries(spec.item.properties ?? {})
    .filter(([key, property]) => property.type !== 'object' && property.type !== 'array' && customer !== undefined && key in customer)
    .map(([key]) => key);
  const copyPolicyholder = (index: number) => {
    for (const key of shared) {
      setValue(join(join(spec.name, index), key), getValues(join('customer', key)), {
        shouldDirty: true,
        shouldValidate: formState.isSubmitted,
      });
    }
  };
  return (
    <fieldset className="group">
      <legend>{spec.title}</legend>
      {spec.description && <p className="hint">{spec.description}</p>}
      {error?.message && <div className="field-error">{error.message}</div>}
      {fields.map((field, index) => (
        <fieldset key={field.id} className="group item">
          <legend>
            {itemTitle} {index + 1}
          </legend>
          {spec.item.description && <p className="hint">{spec.item.description}</p>}
          <div className="grid">
            <SchemaFields fields={describeObject(spec.item, join(spec.name, index), filter)} filter={filter} />
          </div>
          {editable && index === 0 && shared.length > 0 && (
            <button type="button" className="secondary small" onClick={() => copyPolicyholder(index)}>
              Same as the policyholder
            </button>
          )}
          {editable && fields.length > spec.minItems && (
            <button type="button" className="secondary small" onClick={() => remove(index)}>
              Remove {itemTitle.toLowerCase()} {index + 1}
            </button>
          )}
        </fieldset>
      ))}
      {editable && fields.length < spec.maxItems && (
        <button type="button" className="secondary small" onClick={() => append(toFormValues(spec.item, undefined) as object)}>
          Add {itemTitle.toLowerCase()}
        </button>
      )}
    </fieldset>
  );
}
