'use client';

import { useState, useSyncExternalStore } from 'react';
import { pageLanguage, type PageLanguage } from '@/lib/client/language';
import { dateHint, formatLocaleDate, parseLocaleDate } from '@/lib/client/locale-date';

// Dates typed in the page language's format (dd/mm/yyyy, TT.MM.JJJJ) with the format shown; the
// value reported is ISO. A browser's own date picker follows the browser's locale and hides its format.

const noSubscription = () => () => undefined;
const serverLanguage = (): PageLanguage => 'en';

/** The page language; English while rendered on the server, the browser's once hydrated (no mismatch). */
export function usePageLanguage(): PageLanguage {
  return useSyncExternalStore(noSubscription, pageLanguage, serverLanguage);
}

export function dateHintText(language: PageLanguage): string {
  const { hint, example } = dateHint(language);
  return language === 'de' ? `Format ${hint}, z. B. ${example}` : `Format ${hint}, for example ${example}`;
}

interface InputProps {
  id: string;
  /** The ISO date (`YYYY-MM-DD`), '' for none, or text that did not read as a date. */
  value: string;
  /**
   * Every change: the ISO date once the text reads as one ('' when emptied), else null with what
   * was typed and why it is not a date (in plain words, to show once the person leaves the field).
   */
  onChange: (iso: string | null, typed: string, problem: string | null) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
}

/** The text input alone (a form that draws its own label, hint and error uses this). */
export function LocaleDateInput({ id, value, onChange, onBlur, invalid, describedBy, required, disabled }: InputProps) {
  const language = usePageLanguage();
  const [text, setText] = useState(formatLocaleDate(value, language));
  const [shown, setShown] = useState(`${language} ${value}`);
  // A new value from outside (Back, a reset) or the language taking over replaces what is typed;
  // the value this field itself reported (an ISO date, or the text it refused) does not.
  if (shown !== `${language} ${value}`) {
    setShown(`${language} ${value}`);
    if (value !== text && parseLocaleDate(text, language).ok) setText(formatLocaleDate(value, language));
  }
  const report = (typed: string) => {
    const parsed = parseLocaleDate(typed, language);
    if (parsed.ok) {
      setShown(`${language} ${parsed.iso}`);
      onChange(parsed.iso, typed, null);
    } else {
      onChange(null, typed, parsed.message);
    }
  };
  return (
    <input
      id={id}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      value={text}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      aria-required={required || undefined}
      onChange={(event) => {
        setText(event.target.value);
        report(event.target.value);
      }}
      onBlur={(event) => {
        // Leaving the field writes a date it read in the language's own way (1/3/2027 → 01/03/2027).
        const parsed = parseLocaleDate(event.target.value, language);
        if (parsed.ok) setText(formatLocaleDate(parsed.iso, language));
        onBlur?.();
      }}
    />
  );
}

interface Props {
  id: string;
  label: string;
  /** The ISO date (`YYYY-MM-DD`), or '' for none. */
  value: string;
  /** The ISO date once the text reads as one ('' when emptied); null while it does not. */
  onChange: (iso: string | null) => void;
  /** A message from the form (a rule across fields, the server's answer), shown under the field. */
  error?: string;
  required?: boolean;
}

/** Label, visible format hint, the input and what is wrong with it, in plain words. */
export function DateField({ id, label, value, onChange, error, required }: Props) {
  const language = usePageLanguage();
  const [problem, setProblem] = useState<string | null>(null);
  const [left, setLeft] = useState(false);
  const message = (left ? problem : null) ?? error;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <span className="hint" id={`${id}-hint`}>
        {dateHintText(language)}
      </span>
      <LocaleDateInput
        id={id}
        value={value}
        required={required}
        invalid={Boolean(message)}
        describedBy={message ? `${id}-hint ${id}-error` : `${id}-hint`}
        onBlur={() => setLeft(true)}
        onChange={(iso, _typed, reason) => {
          setProblem(reason);
          if (reason === null) setLeft(false);
          onChange(iso);
        }}
      />
      {message ? (
        <span className="field-error" id={`${id}-error`}>
          {message}
        </span>
      ) : null}
    </div>
  );
}
