'use client';

import { Controller, get, useFormContext } from 'react-hook-form';
import { dateHintText, LocaleDateInput, usePageLanguage } from '@/components/ui/date-field';
import type { LeafSpec } from '@/lib/client/schema-form/describe';
import { fieldId } from './field-ids';

function hint(leaf: LeafSpec, dateFormat: string): string | undefined {
  if (leaf.input === 'date') return [leaf.description, `${dateFormat}.`].filter(Boolean).join(' ');
  if (leaf.input === 'list') return [leaf.description, 'Separate entries with commas.'].filter(Boolean).join(' ');
  return leaf.description;
}

/** One input for one scalar property: label, required mark, hint and its error. */
export function LeafField({ leaf }: { leaf: LeafSpec }) {
  const { register, formState, control } = useFormContext();
  const language = usePageLanguage();
  const id = fieldId(leaf.name);
  const error = get(formState.errors, leaf.name) as { message?: string } | undefined;
  const description = hint(leaf, dateHintText(language));
  const describedBy = [description ? `${id}-hint` : '', error?.message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-invalid': error?.message ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': leaf.required || undefined,
    ...register(leaf.name),
  };
  const label = (
    <label htmlFor={id}>
      {leaf.title}
      {leaf.required && (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
      {!leaf.required && leaf.neededForBind && <span className="before-bind"> (before bind)</span>}
    </label>
  );
  const messages = (
    <>
      {description && (
        <div id={`${id}-hint`} className="hint">
          {description}
        </div>
      )}
      {error?.message && (
        <div id={`${id}-error`} className="field-error">
          {error.message}
        </div>
      )}
    </>
  );

  if (leaf.input === 'checkbox') {
    return (
      <div className="field checkbox">
        <input type="checkbox" {...common} />
        {label}
        {messages}
      </div>
    );
  }
  return (
    <div className="field">
      {label}
      {leaf.input === 'select' ? (
        <select {...common}>
          {(!leaf.required || leaf.schema.default === undefined) && <option value="">Choose…</option>}
          {leaf.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : leaf.input === 'date' ? (
        // Typed as the page language writes dates; the form holds the ISO date, or the text it
        // could not read, which the form's check then names in plain words.
        <Controller
          name={leaf.name}
          control={control}
          render={({ field }) => (
            <LocaleDateInput
              id={id}
              value={typeof field.value === 'string' ? field.value : ''}
              invalid={Boolean(error?.message)}
              describedBy={describedBy}
              required={leaf.required}
              onBlur={field.onBlur}
              onChange={(iso, typed) => field.onChange(iso ?? typed)}
            />
          )}
        />
      ) : (
        <input
          type={leaf.input === 'list' ? 'text' : leaf.input}
          inputMode={leaf.input === 'number' ? 'numeric' : undefined}
          min={leaf.schema.minimum}
          max={leaf.schema.maximum}
          step={leaf.schema.type === 'integer' ? 1 : undefined}
          placeholder={leaf.schema.examples?.length ? `e.g. ${String(leaf.schema.examples[0])}` : undefined}
          {...common}
        />
      )}
      {messages}
    </div>
  );
}
