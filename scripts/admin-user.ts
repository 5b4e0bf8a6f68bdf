/**
 * Adds an account (an owner or a writer), sets a new password for an existing one (which signs it out everywhere),
 * or changes an account's role.
 *
 *   bun scripts/admin-user.ts <username>                    a new owner with a generated password, printed once; for
 *                                                           an existing account, a new generated password
 *   bun scripts/admin-user.ts <username> --password-stdin   the same, the password read from standard input
 *                                                           (e.g. `printf %s "$PW" | bun scripts/admin-user.ts admin --password-stdin`)
 *   bun scripts/admin-user.ts <username> --role writer      a new writer (or owner); for an existing account, its role
 *                                                           changes and its password stays, unless --password-stdin
 *                                                           gives a new one too. The last enabled owner stays an owner.
 *
 * Works on the server's database (DATABASE_PATH and MIGRATIONS_DIR, read as the server reads them), also while
 * the server runs. A running server's sign-in throttle lives in its memory: only a restart clears a lock-out.
 */
import { generatePassword, hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from "../src/admin/passwords.ts";
import { changeAccount, findAdmin, setAdminPassword } from "../src/admin/users.ts";
import { openStore } from "../src/db/client.ts";
import { DomainError } from "../src/errors.ts";
import { ADMIN_ROLES, type AdminRole } from "../src/shared/admin/roles.ts";
import { argsOrUsage, configOrFail, fail } from "./cli.ts";

const USAGE = "usage: bun scripts/admin-user.ts <username> [--role writer|owner] [--password-stdin]";
/** The audit trail's author for what this script does: whoever is at the server's shell. */
const SHELL = "(shell: scripts/admin-user.ts)";

const { values, positionals } = argsOrUsage(
  { options: { "password-stdin": { type: "boolean" }, role: { type: "string" } }, allowPositionals: true, args: process.argv.slice(2) },
  USAGE,
);
const fromStdin = values["password-stdin"] === true;
if (positionals.length !== 1 || positionals[0]!.startsWith("-")) fail(USAGE, 2);
if (values.role !== undefined && !(ADMIN_ROLES as readonly string[]).includes(values.role)) fail(`The role must be one of ${ADMIN_ROLES.join(", ")}.\n${USAGE}`, 2);
const role = values.role as AdminRole | undefined;
// Trimmed as the login form's username is, so the account can always be signed in to.
const username = positionals[0]!.trim();
if (username.length === 0 || username.length > USERNAME_MAX_LENGTH) fail(`The username must be 1 to ${USERNAME_MAX_LENGTH} characters.`);

let password: string | undefined;
if (fromStdin) {
  // One trailing line break is the shell's, not the password's.
  password = (await Bun.stdin.text()).replace(/\r?\n$/, "");
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    fail(`The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);
  }
}

const config = configOrFail();

const store = openStore(config.databasePath, config.migrationsDir);
try {
  const existing = findAdmin(store.db, username);
  if (existing && role !== undefined) {
    // A role change first: refused for the last enabled owner, with nothing changed.
    const { changed } = changeAccount(store.db, SHELL, { username }, { role });
    console.log(changed.length ? `Role of "${username}" changed: ${existing.role} → ${role} (database ${config.databasePath}).` : `"${username}" is already ${role === "owner" ? "an owner" : "a writer"}.`);
  }
  // An existing account given a role keeps its password unless a new one came on standard input.
  if (!existing || role === undefined || password !== undefined) {
    const generated = password === undefined ? generatePassword() : undefined;
    const { created, sessionsEnded } = setAdminPassword(store.db, username, hashPassword(password ?? generated!), role ?? "owner");
    console.log(
      created
        ? `${role === undefined ? "Administrator" : role === "owner" ? "Owner" : "Writer"} "${username}" added (database ${config.databasePath}).`
        : `Password of administrator "${username}" changed; ${sessionsEnded} session(s) signed out (database ${config.databasePath}).`,
    );
    if (generated !== undefined) console.log(`Password: ${generated}`);
  }
} catch (err) {
  if (err instanceof DomainError) fail(err.message);
  throw err;
} finally {
  store.close();
}
