'use client';

import type { Product } from '@/lib/client/types';

interface Props {
  products: readonly Product[];
  value: string | undefined;
  onChange: (code: string) => void;
}

export function ProductPicker({ products, value, onChange }: Props) {
  return (
    <fieldset className="group product-picker">
      <legend>Product</legend>
      <div className="choices">
        {products.map((product) => (
          <label key={product.code} className={`choice${value === product.code ? ' selected' : ''}`}>
            <input
              type="radio"
              name="product"
              value={product.code}
              checked={value === product.code}
              onChange={() => onChange(product.code)}
            />
            <span>
              <strong>{product.title}</strong>
              <span className="muted"> · {product.currency}</span>
              {product.description && <span className="hint">{product.description}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
