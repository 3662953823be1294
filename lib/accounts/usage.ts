// The command line's help text, apart so that printing it opens no database connection.
export const USAGE = `Usage: npm run admin -- <command> [--json]

  tenant create <tag> "<name>" [--brand-color #rrggbb]
  client create <tenant> <client-id> --roles broker[,underwriter,admin] [--name "<name>"]
  client rotate <tenant> <client-id> [--overlap-hours 24]
  client revoke <tenant> <client-id>
  user create <tenant> <email> --roles broker[,underwriter,admin] [--name "<name>"] [--link]
  user disable <tenant> <email>

A client secret or an initial password is printed once and stored only as a hash.
With --link, a new user gets a one-time set-password link (<NEXTAUTH_URL>/set-password/<token>)
instead of an initial password. Exit codes: 0 done (or already so), 1 refused, 2 bad usage, 3 failed (e.g. no database).`;
