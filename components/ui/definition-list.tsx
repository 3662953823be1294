import type { ReactNode } from 'react';

/** Label/value pairs in a responsive grid. */
export function DefinitionList({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="facts">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
