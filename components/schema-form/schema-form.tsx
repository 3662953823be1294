'use client';

import { useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { LedgerProblem, pointerToFieldName, problemMessage } from '@/lib/client/problem';
import { describeObject, type LeafFilter } from '@/lib/client/schema-form/describe';
import type { JsonSchema } from '@/lib/client/schema-form/json-schema';
import { schemaResolver } from '@/lib/client/schema-form/resolver';
import { toFormValues, toPayload } from '@/lib/client/schema-form/values';
import { ErrorSummary } from './error-summary';
import { SchemaFields } from './schema-fields';

export interface SchemaFormProps {
  schema: JsonSchema;
  /** Payload to start from; the schema's defaults fill what it leaves out. */
  initial?: unknown;
  /** Show only some leaves (a data change shows the fields editable after bind). */
  filter?: LeafFilter;
  /** What is validated: by default the payload the form holds. */
  prepare?: (payload: unknown) => unknown;
  submitLabel: string;
  busyLabel?: string;
  /** Receives the payload; a thrown 422 LedgerProblem is shown at the fields it names. */
  onSubmit: (payload: unknown) => Promise<void>;
  children?: ReactNode;
  /** Extra buttons beside submit (cancel, fill with example). */
  actions?: (form: { reset: (payload: unknown) => void }) => ReactNode;
  /** Date fields (by name) that must not have passed, such as a new quote's inception. */
  notPast?: readonly string[];
}

/** A form generated from a product's JSON Schema, validated in the browser with that schema. */
export function SchemaForm({
  schema,
  initial,
  filter,
  prepare,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
  actions,
  notPast,
}: SchemaFormProps) {
  const defaultValues = useMemo(() => toFormValues(schema, initial) as FieldValues, [schema, initial]);
  const resolver = useMemo(() => schemaResolver<FieldValues>(schema, prepare, notPast), [schema, prepare, notPast]);
  const form = useForm<FieldValues>({ defaultValues, resolver, mode: 'onSubmit', reValidateMode: 'onBlur' });
  const fields = useMemo(() => describeObject(schema, '', filter), [schema, filter]);
  const [attempted, setAttempted] = useState(false);

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(toPayload(schema, values));
      } catch (error) {
        if (error instanceof LedgerProblem && error.fieldErrors.length) {
          for (const { path, message } of error.fieldErrors) {
            const name = pointerToFieldName(path);
            form.setError(name ? name : 'root.server', { type: 'server', message }, { shouldFocus: false });
          }
        } else {
          form.setError('root.server', { type: 'server', message: problemMessage(error) });
        }
        setAttempted(true);
      }
    },
    () => setAttempted(true),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="schema-form">
        <ErrorSummary errors={form.formState.errors} show={attempted} />
        {children}
        <p className="hint" data-testid="form-key">
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with an asterisk</span> are needed for a quote; those marked “(before bind)” can wait until the
          quote is bound.
        </p>
        <SchemaFields fields={fields} filter={filter} />
        <div className="form-actions">
          <button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? (busyLabel ?? 'Saving…') : submitLabel}
          </button>
          {actions?.({ reset: (payload) => form.reset(toFormValues(schema, payload) as FieldValues) })}
        </div>
      </form>
    </FormProvider>
  );
}
