import { DomainError } from "../errors.ts";

/** The DomainError `work` throws, to check its kind and message; any other outcome fails the test. */
export function refusal(work: () => unknown): DomainError {
  try {
    work();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error("expected a DomainError");
}

/** `refusal` for work that resolves or rejects. */
export async function asyncRefusal(work: () => Promise<unknown>): Promise<DomainError> {
  try {
    await work();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error("expected a DomainError");
}
