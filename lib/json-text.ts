// JSON already turned into text, extended without parsing it back.

/**
 * The text of a JSON object with one more member after its own. For an answer whose body was made
 * into text once already (a calculation, for the row that stores it): the object is not parsed and
 * written again. The text is not read, so the caller vouches that the object has no member `name`.
 */
export function withMember(objectText: string, name: string, value: unknown): string {
  const body = objectText.trimEnd();
  if (!body.startsWith('{') || !body.endsWith('}')) throw new Error('withMember needs the text of a JSON object');
  const member = `${JSON.stringify(name)}:${JSON.stringify(value)}`;
  const empty = body.slice(1, -1).trim() === '';
  return `${body.slice(0, -1)}${empty ? '' : ','}${member}}`;
}
