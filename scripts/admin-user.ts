/**
 * Adds an administrator, or sets a new password for an existing one, which signs them out everywhere.
 *
 *   bun scripts/admin-user.ts <username>                    generates a strong password and prints it, once
 *   bun scripts/admin-user.ts <username> --password-stdin   reads the password from standard input
 *                                                           (e.g. `printf %s "$PW" | bun scripts/admin-user.ts admin --password-stdin`)
 *
 * Works on the server's database (DATABASE_PATH and MIGRATIONS_DIR, read as the server reads them), also while
 * the server runs. A running server's sign-in throttle lives in its memory: only a restart clears a lock-out.
 */
import { generatePassword, hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from "../src/admin/passwords.ts";
import { setAdminPassword } from "../src/admin/users.ts";
import { openStore } from "../src/db/client.ts";
import { configOrFail, fail } from "./cli.ts";

const USAGE = "usage: bun scripts/admin-user.ts <username> [--password-stdin]";

const args = process.argv.slice(2);
const fromStdin = args.includes("--password-stdin");
const rest = args.filter((a) => a !== "--password-stdin");
if (rest.length !== 1 || rest[0]!.startsWith("-")) fail(USAGE, 2);
// Trimmed as the login form's username is, so the account can always be signed in to.
const username = rest[0]!.trim();
if (username.length === 0 || username.length > USERNAME_MAX_LENGTH) fail(`The username must be 1 to ${USERNAME_MAX_LENGTH} characters.`);

let password: string;
if (fromStdin) {
  // One trailing line break is the shell's, not the password's.
  password = (await Bun.stdin.text()).replace(/\r?\n$/, "");
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    fail(`The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);
  }
} else {
  password = generatePassword();
}

const config = configOrFail();

const store = openStore(config.databasePath, config.migrationsDir);
try {
  const { created, sessionsEnded } = setAdminPassword(store.db, username, hashPassword(password));
  console.log(
    created
      ? `Administrator "${username}" added (database ${config.databasePath}).`
      : `Password of administrator "${username}" changed; ${sessionsEnded} session(s) signed out (database ${config.databasePath}).`,
  );
  if (!fromStdin) console.log(`Password: ${password}`);
} finally {
  store.close();
}
