// The set-password page's address for a token: on the public URL (NEXTAUTH_URL) when set, else
// on the origin the admin used.
export function passwordSetLink(token: string, requestUrl: string): string {
  return new URL(`/set-password/${token}`, process.env.NEXTAUTH_URL ?? new URL(requestUrl).origin).toString();
}
