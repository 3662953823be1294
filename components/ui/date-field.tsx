'use client';

import { useState, useSyncExternalStore } from 'react';
import { pageLanguage, type PageLanguage } from '@/lib/client/language';
import { dateHint, formatLocaleDate, parseLocaleDate } from '@/lib/client/locale-date';

interface Props {
  id: string;
  label: string;
  /** The ISO date (`YYYY-MM-DD`), or '' for none. */
  value: string;
  /** The ISO date once the text reads as one ('' when emptied); null while it does not. */
  onChange: (iso: string | null) => void;
  /** A message from the form (a rule across fields), shown under the field. */
  error?: string;
  required?: boolean;
}

/**
 * A date typed in the page language's format with the format shown above the field; the value
 * it reports is ISO. What does not read as a date is said at once, in plain words.
 */
const noSubscription = () => () => undefined;
const serverLanguage = (): PageLanguage => 'en';

export function DateField({ id, label, value, onChange, error, required }: Props) {
  // The server renders English; the browser's language takes over once hydrated (no mismatch).
  const language = useSyncExternalStore(noSubscription, pageLanguage, serverLanguage);
  const { hint, example } = dateHint(language);
  const [text, setText] = useState(formatLocaleDate(value, language));
  const [shown, setShown] = useState(`${language} ${value}`);
  const [problem, setProblem] = useState<string | null>(null);
  // A new value from outside (Back, a reset) or the language taking over replaces what is typed.
  if (shown !== `${language} ${value}`) {
    setShown(`${language} ${value}`);
    setText(formatLocaleDate(value, language));
    setProblem(null);
  }
  const read = (typed: string, tidy: boolean) => {
    const parsed = parseLocaleDate(typed, language);
    if (parsed.ok) {
      setProblem(null);
      if (tidy) setText(formatLocaleDate(parsed.iso, language));
      setShown(`${language} ${parsed.iso}`);
      if (parsed.iso !== value) onChange(parsed.iso);
    } else if (tidy) {
      setProblem(parsed.message);
      onChange(null);
    }
  };
  const message = problem ?? error;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span className="required"> *</span> : null}
      </label>
      <span className="hint" id={`${id}-hint`}>
        {language === 'de' ? `Format ${hint}, z. B. ${example}` : `Format ${hint}, for example ${example}`}
      </span>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        value={text}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          // A complete date counts at once; a half-typed one waits for the person to leave the field.
          read(event.target.value, false);
        }}
        onBlur={(event) => read(event.target.value, true)}
      />
      {message ? (
        <span className="field-error" id={`${id}-error`}>
          {message}
        </span>
      ) : null}
    </div>
  );
}
