'use client';

import type { FieldErrors } from 'react-hook-form';
import { fieldId } from './field-ids';

interface Flat {
  name: string;
  message: string;
}

function flatten(errors: FieldErrors, prefix = ''): Flat[] {
  const out: Flat[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) out.push({ name, message });
    else out.push(...flatten(value as FieldErrors, name));
  }
  return out;
}

/** After a failed submit: every problem in one list, each linking to its field. */
export function ErrorSummary({ errors, show }: { errors: FieldErrors; show: boolean }) {
  const items = flatten(errors);
  if (!show || items.length === 0) return null;
  return (
    <div className="alert error-summary" role="alert" aria-labelledby="error-summary-title">
      <p id="error-summary-title">
        <strong>{items.length === 1 ? 'There is a problem' : `There are ${items.length} problems`}</strong>
      </p>
      <ul>
        {items.map((item) => (
          <li key={item.name}>{item.name.startsWith('root') ? item.message : <a href={`#${fieldId(item.name)}`}>{item.message}</a>}</li>
        ))}
      </ul>
    </div>
  );
}
