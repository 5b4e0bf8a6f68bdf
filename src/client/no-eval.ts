/**
 * Zod compiles a fast path for object schemas with `new Function` when it can; to find out it tries one, which the
 * page's Content-Security-Policy (no 'unsafe-eval') refuses and Chromium reports as a CSP issue (Lighthouse's
 * best-practices score). Zod reads this setting when a schema is made, so it is set before any island's module runs:
 * imported first by the island loader. The schemas check the same rules without it.
 */
const zodConfig = ((globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig ??= {});
zodConfig.jitless = true;
